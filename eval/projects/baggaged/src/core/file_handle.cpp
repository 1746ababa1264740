// FileHandle: owning wrapper for a stdio stream. Correct throughout: close()
// nulls fp_, so closing twice (explicitly, then from the destructor or a
// move-assignment) closes the stream once; every I/O call checks fp_ first.
#include "handles.h"

#include <cstring>
#include <stdexcept>

FileHandle::FileHandle(const std::string& path, const char* mode) : fp_(std::fopen(path.c_str(), mode)) {}

FileHandle::~FileHandle() {
  close();
}

FileHandle::FileHandle(FileHandle&& other) noexcept : fp_(other.fp_) { other.fp_ = nullptr; }

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    close(); // OK: the stream this handle held before the assignment
    fp_ = other.fp_;
    other.fp_ = nullptr;
  }
  return *this;
}

bool FileHandle::isOpen() const { return fp_ != nullptr; }

void FileHandle::puts(const std::string& line) {
  if (!fp_) throw std::runtime_error("file handle closed");
  std::fputs(line.c_str(), fp_);
  std::fputc('\n', fp_);
}

bool FileHandle::gets(std::string& line) {
  if (!fp_) throw std::runtime_error("file handle closed");
  char buf[512];
  if (!std::fgets(buf, sizeof buf, fp_)) return false;
  std::size_t n = std::strlen(buf);
  if (n > 0 && buf[n - 1] == '\n') --n;
  line.assign(buf, n);
  return true;
}

void FileHandle::flush() {
  if (!fp_) throw std::runtime_error("file handle closed");
  std::fflush(fp_);
}

void FileHandle::close() {
  if (!fp_) return;
  std::fclose(fp_);
  fp_ = nullptr;
}
