// Sample packing used by the compactor and the spill journal: delta-encoded
// timestamps and XOR-encoded values, written as varints.
#pragma once
#include "sample.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace histd::codec {

std::string packSamples(const std::vector<Sample> &samples);
/// Throws std::runtime_error on a truncated or corrupt block.
std::vector<Sample> unpackSamples(const std::string &block);

uint32_t crc32(const void *data, std::size_t len, uint32_t seed = 0);

std::string encodeFrame(const std::string &site, const SampleBatch &batch);

} // namespace histd::codec
