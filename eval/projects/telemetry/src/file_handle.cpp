// file_handle.cpp: FileCloser, the fclose() deleter of FilePtr, and
// openFile().
#include "telemetry/file_handle.h"
#include "telemetry/util.h"

#include <cerrno>
#include <cstring>

namespace telemetry {

void FileCloser::operator()(std::FILE *fp) const noexcept {
  if (fp != nullptr && std::fclose(fp) != 0)
    logWarn(std::string("fclose failed: ") + std::strerror(errno));
}

FilePtr openFile(const std::string &path, const char *mode) {
  FilePtr fp(std::fopen(path.c_str(), mode));
  if (!fp)
    logWarn("cannot open " + path + ": " + std::strerror(errno));
  return fp;
}

} // namespace telemetry
