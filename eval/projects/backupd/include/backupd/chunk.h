// Plain data passed between the stages of a backup run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace backupd {

struct Chunk {
  std::string file;
  std::uint64_t offset = 0;
  std::string data;
};

struct CompressedChunk {
  std::string id;
  std::string file;
  std::uint64_t offset = 0;
  std::uint32_t crc = 0;
  std::size_t rawSize = 0;
  std::string data;
};

struct RunResult {
  std::string runId;
  std::size_t files = 0;
  std::size_t skipped = 0;
  std::size_t uploaded = 0;
  std::size_t failed = 0;
  std::uint64_t bytes = 0;
  bool cancelled = false;
  std::string manifestPath;
};

} // namespace backupd
