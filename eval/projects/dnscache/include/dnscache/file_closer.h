// RAII owner for a C stdio stream.
#pragma once
#include <cstdio>

namespace dnscache {

/// Owns a FILE* and fcloses it when destroyed. release() hands the stream back
/// without closing it; close() closes it now and reports fclose()'s result.
/// Both leave the closer empty, so the destructor then does nothing. A stream
/// closed behind the closer's back (plain fclose() on get()) is still owned and
/// gets closed again by the destructor.
class FileCloser {
public:
  explicit FileCloser(std::FILE *fp) noexcept : fp_(fp) {}
  ~FileCloser();
  FileCloser(const FileCloser &) = delete;
  FileCloser &operator=(const FileCloser &) = delete;

  std::FILE *get() const noexcept { return fp_; }
  std::FILE *release() noexcept;
  int close() noexcept;

private:
  std::FILE *fp_;
};

} // namespace dnscache
