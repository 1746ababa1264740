// FileGuard: closes a FILE* at the end of a scope unless dismissed.
#include "kvlog/file_guard.h"

namespace kvlog {

FileGuard::~FileGuard() {
  if (fp_ != nullptr)
    std::fclose(fp_); // SAME: guard_twice
}

std::FILE *FileGuard::release() noexcept {
  std::FILE *fp = fp_;
  fp_ = nullptr;
  return fp;
}

} // namespace kvlog
