// Scope guard for a FILE* that a function opened itself: the destructor
// fclose()s the stream unless dismiss() or release() was called first. The guard
// does not know about closes done through the raw pointer.
#pragma once
#include <cstdio>

namespace kvlog {

class FileGuard {
public:
  explicit FileGuard(std::FILE *fp) noexcept : fp_(fp) {}
  ~FileGuard();
  FileGuard(const FileGuard &) = delete;
  FileGuard &operator=(const FileGuard &) = delete;

  void dismiss() noexcept { fp_ = nullptr; }
  std::FILE *release() noexcept;
  std::FILE *get() const noexcept { return fp_; }

private:
  std::FILE *fp_;
};

} // namespace kvlog
