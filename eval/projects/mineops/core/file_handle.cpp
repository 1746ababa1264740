// FileHandle: owning FILE* wrapper. close() clears fp_ before calling fclose, so the stream
// is closed exactly once whether the owner calls close(), lets the destructor run, or both;
// write() and flush() refuse to touch a closed stream.
#include "file_handle.h"

#include <utility>

FileHandle::FileHandle(const std::string& path, const char* mode)
    : fp_(std::fopen(path.c_str(), mode)), path_(path) {}

FileHandle::~FileHandle() {
    if (fp_) std::fclose(fp_); // OK: close() nulls fp_, so only a stream that is still open is closed here
}

FileHandle::FileHandle(FileHandle&& other) noexcept
    : fp_(std::exchange(other.fp_, nullptr)), path_(std::move(other.path_)) {}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
    if (this != &other) {
        if (fp_) std::fclose(fp_);
        fp_ = std::exchange(other.fp_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}

bool FileHandle::isOpen() const {
    return fp_ != nullptr;
}

FILE* FileHandle::get() const {
    return fp_;
}

const std::string& FileHandle::path() const {
    return path_;
}

Status FileHandle::write(const std::string& text) {
    if (!fp_) return Status::Error("file " + path_ + " is closed");
    if (std::fputs(text.c_str(), fp_) == EOF) return Status::Error("write to " + path_ + " failed");
    return Status::Ok();
}

Status FileHandle::flush() {
    if (!fp_) return Status::Error("file " + path_ + " is closed");
    if (std::fflush(fp_) != 0) return Status::Error("flush of " + path_ + " failed");
    return Status::Ok();
}

int FileHandle::close() {
    if (!fp_) return 0;
    FILE* fp = std::exchange(fp_, nullptr);
    return std::fclose(fp); // OK: fp_ is cleared before the fclose, so a second close() returns above
}
