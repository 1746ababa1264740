// StdioFile: fclose() on destruction, on move-assignment and on close().
#include "stdio_file.h"

#include <utility>

StdioFile::~StdioFile() { close(); }

StdioFile &StdioFile::operator=(StdioFile &&other) noexcept {
  if (this != &other) {
    close();
    f_ = other.release();
  }
  return *this;
}

StdioFile StdioFile::open(const std::string &path, const char *mode) {
  return StdioFile(std::fopen(path.c_str(), mode));
}

int StdioFile::close() noexcept {
  if (f_ == nullptr)
    return 0;
  FILE *f = std::exchange(f_, nullptr);
  return std::fclose(f);
}

FILE *StdioFile::release() noexcept { return std::exchange(f_, nullptr); }
