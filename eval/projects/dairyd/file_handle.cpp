// FileHandle: RAII owner of a stdio stream. close() clears fp_ after fclose(), so it is
// idempotent and the destructor after an explicit close() does nothing; reset() closes the
// previous stream exactly once before adopting the new one; write() reports Code::Closed on an
// empty handle instead of touching a stream.
#include "file_handle.h"

#include <utility>

FileHandle::FileHandle(std::FILE* fp) : fp_(fp) {}

FileHandle::~FileHandle() { close(); }

FileHandle::FileHandle(FileHandle&& other) noexcept : fp_(std::exchange(other.fp_, nullptr)) {}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
    if (this != &other) {
        close();
        fp_ = std::exchange(other.fp_, nullptr);
    }
    return *this;
}

std::FILE* FileHandle::get() const { return fp_; }

FileHandle::operator bool() const { return fp_ != nullptr; }

void FileHandle::reset(std::FILE* fp) {
    std::FILE* old = std::exchange(fp_, fp);
    if (old != nullptr && old != fp) std::fclose(old);   // OK: the previous stream, closed once; fp_ already holds the new one
}

std::FILE* FileHandle::release() { return std::exchange(fp_, nullptr); }

Status FileHandle::write(const std::string& text) {
    if (fp_ == nullptr) return Status::error(Code::Closed, "file handle closed");
    if (std::fputs(text.c_str(), fp_) == EOF) return Status::error(Code::Io, "short write");   // OK: fp_ checked on the line above
    return Status();
}

void FileHandle::close() {
    if (fp_ == nullptr) return;
    std::fclose(fp_);   // SAME: sheet_twice
    fp_ = nullptr;
}
