// Compressor: a small run-length coder plus CRC-32, used on the worker pool.
// Stateless and thread-safe; holds no resources.
#pragma once
#include <cstdint>
#include <string>

#include "backupd/chunk.h"

namespace backupd {

class Compressor {
public:
  explicit Compressor(int level = 1) : level_(level) {}
  CompressedChunk compress(const Chunk &chunk) const;
  static std::string decompress(const std::string &data);
  static std::uint32_t crc32(const std::string &data);

private:
  int level_;
};

} // namespace backupd
