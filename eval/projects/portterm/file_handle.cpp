// FileHandle: owning wrapper over FILE*. close() is idempotent (it nulls fp_), release()
// hands the FILE* to the caller, so the destructor's close() never closes a file twice.
#include <stdexcept>

#include "raii.h"

FileHandle::FileHandle(const std::string& path, const char* mode) { open(path, mode); }

FileHandle::~FileHandle() {
    close(); // OK: idempotent, a closed or released handle holds nullptr
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
    close();
    fp_ = std::fopen(path.c_str(), mode);
    return fp_ != nullptr;
}

bool FileHandle::is_open() const { return fp_ != nullptr; }

void FileHandle::write(const std::string& text) {
    if (!fp_) throw std::runtime_error("file handle closed");
    if (std::fwrite(text.data(), 1, text.size(), fp_) != text.size()) throw std::runtime_error("short write");
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

std::FILE* FileHandle::get() const { return fp_; }

std::FILE* FileHandle::release() {
    std::FILE* fp = fp_;
    fp_ = nullptr;
    return fp;
}
