// StdioFile: RAII wrapper around fopen/fclose used by the spill journal.
#include "stdio_file.h"

#include <cerrno>
#include <system_error>
#include <utility>

namespace histd {

StdioFile::StdioFile(const std::string &path, const char *mode) { open(path, mode); }

StdioFile::~StdioFile() { close(); }

StdioFile::StdioFile(StdioFile &&other) noexcept
    : fp_(std::exchange(other.fp_, nullptr)), path_(std::move(other.path_)) {}

StdioFile &StdioFile::operator=(StdioFile &&other) noexcept {
  if (this != &other) {
    close();
    fp_ = std::exchange(other.fp_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

void StdioFile::open(const std::string &path, const char *mode) {
  close();
  std::FILE *fp = std::fopen(path.c_str(), mode);
  if (!fp)
    throw std::system_error(errno, std::generic_category(), "fopen " + path);
  fp_ = fp;
  path_ = path;
}

bool StdioFile::close() {
  if (!fp_)
    return true;
  std::FILE *fp = std::exchange(fp_, nullptr);
  return std::fclose(fp) == 0;
}

} // namespace histd
