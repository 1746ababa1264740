// RAII owner for a C stdio stream.
#include "dnscache/file_closer.h"

namespace dnscache {

FileCloser::~FileCloser() {
  if (fp_)
    std::fclose(fp_); // SAME: exportclose
}

std::FILE *FileCloser::release() noexcept {
  std::FILE *fp = fp_;
  fp_ = nullptr;
  return fp;
}

int FileCloser::close() noexcept {
  std::FILE *fp = release();
  return fp ? std::fclose(fp) : 0;
}

} // namespace dnscache
