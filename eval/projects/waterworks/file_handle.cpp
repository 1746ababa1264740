// FileHandle: RAII stdio stream. close() is idempotent, open() replaces the
// stream currently held.
#include "file_handle.h"

namespace ww {

FileHandle::FileHandle(const std::string& path, const char* mode)
    : fp_(std::fopen(path.c_str(), mode)) {}

FileHandle::~FileHandle() {
  close(); // OK: a handle closed earlier holds nullptr and close() skips it
}

FileHandle::FileHandle(FileHandle&& other) noexcept : fp_(other.fp_) { other.fp_ = nullptr; }

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    close();
    fp_ = other.fp_;
    other.fp_ = nullptr;
  }
  return *this;
}

bool FileHandle::open(const std::string& path, const char* mode) {
  if (fp_) std::fclose(fp_); // SAME: rotate_reopen
  fp_ = std::fopen(path.c_str(), mode);
  return fp_ != nullptr;
}

void FileHandle::close() {
  if (!fp_) return;
  std::fclose(fp_);
  fp_ = nullptr;
}

bool FileHandle::is_open() const { return fp_ != nullptr; }

std::FILE* FileHandle::get() const { return fp_; }

std::FILE* FileHandle::release() {
  std::FILE* fp = fp_;
  fp_ = nullptr;
  return fp;
}

Status FileHandle::write_line(const std::string& line) {
  if (!fp_) return Status::Error(StatusCode::kClosed, "file handle closed");
  if (std::fputs(line.c_str(), fp_) < 0 || std::fputc('\n', fp_) == EOF)
    return Status::Error(StatusCode::kIoError, "write failed");
  return Status::Ok();
}

Status FileHandle::flush() {
  if (!fp_) return Status::Error(StatusCode::kClosed, "file handle closed");
  if (std::fflush(fp_) != 0) return Status::Error(StatusCode::kIoError, "flush failed");
  return Status::Ok();
}

}  // namespace ww
