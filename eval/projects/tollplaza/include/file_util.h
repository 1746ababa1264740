// Small helpers around FILE* and raw descriptors: a quiet close for error
// paths, an fclose deleter for unique_ptr and a scope guard struct.
#pragma once
#include <cstdio>
#include <memory>

namespace toll {

// Close and ignore the result; for error paths that already report a failure.
void closeQuietly(std::FILE *f) noexcept;
void closeQuietly(int fd) noexcept;

struct FileCloser {
  void operator()(std::FILE *f) const;
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// Closes the stream when the guard goes out of scope.
struct FileGuard {
  std::FILE *f;
  ~FileGuard();
};

} // namespace toll
