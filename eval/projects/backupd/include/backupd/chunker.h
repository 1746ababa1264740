// Chunker: reads a regular file in fixed-size chunks through a POSIX
// descriptor. The constructor opens the file (std::system_error on failure);
// next() returns the next chunk, or std::nullopt at end of file; close()
// releases the descriptor early; the destructor releases it if the Chunker
// still holds it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "backupd/chunk.h"

namespace backupd {

class Chunker {
public:
  Chunker(const std::string &path, std::size_t chunkSize);
  ~Chunker();
  Chunker(const Chunker &) = delete;
  Chunker &operator=(const Chunker &) = delete;

  std::optional<Chunk> next();
  void close();
  std::uint64_t size() const { return size_; }

private:
  std::string path_;
  std::size_t chunkSize_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::uint64_t offset_ = 0;
};

} // namespace backupd
