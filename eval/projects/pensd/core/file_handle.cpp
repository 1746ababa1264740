// FileHandle: owns one FILE*. close() is idempotent (fp_ is cleared right after
// fclose), the destructor closes whatever is still open, move-assignment closes
// the stream being replaced, and release() hands the stream over unclosed.
// Every fclose here runs on a stream this handle still owns, exactly once.
#include "file_handle.h"

#include <utility>

FileHandle::FileHandle() noexcept : fp_(nullptr) {}

FileHandle::FileHandle(const std::string& path, const char* mode) : fp_(std::fopen(path.c_str(), mode)) {}

FileHandle::FileHandle(std::FILE* adopt) noexcept : fp_(adopt) {}

FileHandle::~FileHandle() {
  close();  // OK: a no-op when the owner already called close() or release()
}

FileHandle::FileHandle(FileHandle&& other) noexcept : fp_(std::exchange(other.fp_, nullptr)) {}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    close();  // OK: closes the stream being replaced, then adopts the other one
    fp_ = std::exchange(other.fp_, nullptr);
  }
  return *this;
}

bool FileHandle::is_open() const noexcept { return fp_ != nullptr; }

std::FILE* FileHandle::get() const noexcept { return fp_; }

std::FILE* FileHandle::release() noexcept { return std::exchange(fp_, nullptr); }

int FileHandle::close() noexcept {
  if (fp_ == nullptr) return 0;
  int rc = std::fclose(fp_);
  fp_ = nullptr;
  return rc;
}
