// Buffers small records and writes them to a FILE* in large blocks. The
// FILE* is not owned; whatever is still buffered is written on destruction.
#pragma once
#include <cstddef>
#include <cstdio>
#include <vector>

namespace histd {

class BlockWriter {
public:
  explicit BlockWriter(std::size_t blockSize = 64 * 1024);
  ~BlockWriter();

  BlockWriter(const BlockWriter &) = delete;
  BlockWriter &operator=(const BlockWriter &) = delete;

  void attach(std::FILE *fp) { fp_ = fp; }
  void put(const void *data, std::size_t len);
  /// Writes the buffered bytes. Throws std::system_error on a short write.
  void flush();
  std::size_t buffered() const { return used_; }

private:
  bool writeOut();

  std::FILE *fp_ = nullptr;
  std::vector<char> buf_;
  std::size_t used_ = 0;
};

} // namespace histd
