// Compressor: byte-oriented run-length coding (runs of 4+ equal bytes become
// 0xFF <byte> <count>) plus a table-driven CRC-32. No resources.
#include "backupd/compressor.h"

#include <array>
#include <cstdio>

namespace backupd {
namespace {

std::array<std::uint32_t, 256> makeCrcTable() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}

const std::array<std::uint32_t, 256> kCrcTable = makeCrcTable();
constexpr unsigned char kEscape = 0xFF;

} // namespace

std::uint32_t Compressor::crc32(const std::string &data) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : data)
    c = kCrcTable[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

CompressedChunk Compressor::compress(const Chunk &chunk) const {
  CompressedChunk out;
  out.file = chunk.file;
  out.offset = chunk.offset;
  out.rawSize = chunk.data.size();
  out.crc = crc32(chunk.data);
  const std::size_t minRun = level_ > 1 ? 3 : 4;
  const std::string &in = chunk.data;
  out.data.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    std::size_t run = 1;
    while (i + run < in.size() && in[i + run] == in[i] && run < 255)
      ++run;
    const auto b = static_cast<unsigned char>(in[i]);
    if (run >= minRun || b == kEscape) {
      out.data.push_back(static_cast<char>(kEscape));
      out.data.push_back(static_cast<char>(b));
      out.data.push_back(static_cast<char>(run));
    } else {
      out.data.append(run, static_cast<char>(b));
    }
    i += run;
  }
  char id[64];
  std::snprintf(id, sizeof id, "%08x-%llx", out.crc, static_cast<unsigned long long>(out.offset));
  out.id = id;
  return out;
}

std::string Compressor::decompress(const std::string &data) {
  std::string out;
  for (std::size_t i = 0; i < data.size();) {
    const auto b = static_cast<unsigned char>(data[i]);
    if (b == kEscape && i + 2 < data.size()) {
      out.append(static_cast<unsigned char>(data[i + 2]), data[i + 1]);
      i += 3;
    } else {
      out.push_back(data[i]);
      ++i;
    }
  }
  return out;
}

} // namespace backupd
