#include "chatd/file_handle.h"

#include <cstring>

namespace chatd {

FileHandle::FileHandle(const std::string &path, const char *mode) {
  open(path, mode);
}

FileHandle::~FileHandle() { close(); }

FileHandle::FileHandle(FileHandle &&other) noexcept : fp_(other.fp_) {
  other.fp_ = nullptr;
}

FileHandle &FileHandle::operator=(FileHandle &&other) noexcept {
  if (this != &other) {
    close();
    fp_ = other.fp_;
    other.fp_ = nullptr;
  }
  return *this;
}

bool FileHandle::open(const std::string &path, const char *mode) {
  close();
  fp_ = std::fopen(path.c_str(), mode);
  return fp_ != nullptr;
}

void FileHandle::close() {
  if (fp_ == nullptr)
    return;
  std::fclose(fp_); // SAME: export_close
  fp_ = nullptr;
}

bool FileHandle::writeLine(const std::string &line) {
  if (fp_ == nullptr)
    return false;
  return std::fputs(line.c_str(), fp_) != EOF && std::fputc('\n', fp_) != EOF;
}

bool FileHandle::readLine(std::string &out) {
  if (fp_ == nullptr)
    return false;
  out.clear();
  char buf[512];
  while (std::fgets(buf, sizeof buf, fp_) != nullptr) {
    out += buf;
    if (!out.empty() && out.back() == '\n') {
      out.pop_back();
      return true;
    }
  }
  return !out.empty();
}

} // namespace chatd
