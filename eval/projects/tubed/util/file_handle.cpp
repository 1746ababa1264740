// FileHandle: owns a FILE* and fcloses it exactly once. close() forgets the pointer before
// calling fclose(), so the destructor, reset() and move-assignment after an explicit
// close() never close the same stream again. Negative file: every close here is guarded.
#include "raii.h"

namespace tubed {

FileHandle::FileHandle(std::FILE* fp) : fp_(fp) {}

FileHandle::~FileHandle() {
  close(); // OK: no-op when close() already ran
}

FileHandle::FileHandle(FileHandle&& other) noexcept : fp_(other.release()) {}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    close(); // OK: closes the stream this handle owned before taking the other one
    fp_ = other.release();
  }
  return *this;
}

std::FILE* FileHandle::get() const { return fp_; }

bool FileHandle::is_open() const { return fp_ != nullptr; }

int FileHandle::close() {
  if (fp_ == nullptr) return 0;
  std::FILE* fp = fp_;
  fp_ = nullptr;
  return std::fclose(fp);
}

std::FILE* FileHandle::release() {
  std::FILE* fp = fp_;
  fp_ = nullptr;
  return fp;
}

void FileHandle::reset(std::FILE* fp) {
  if (fp == fp_) return;
  close();
  fp_ = fp;
}

}  // namespace tubed
