// FileCloser: the deleter behind FilePtr.
#include "kvlog/file_closer.h"

namespace kvlog {

void FileCloser::operator()(std::FILE *fp) const noexcept {
  if (fp != nullptr)
    std::fclose(fp); // SAME: empty_probe
}

} // namespace kvlog
