// FileHandle: RAII owner of a stdio stream. close() is idempotent and the destructor closes
// whatever the handle still owns.
#pragma once
#include <cstdio>
#include <string>

#include "status.h"

class FileHandle {
public:
    FileHandle() = default;
    explicit FileHandle(std::FILE* fp);
    ~FileHandle();
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;
    FileHandle(FileHandle&& other) noexcept;
    FileHandle& operator=(FileHandle&& other) noexcept;

    std::FILE* get() const;
    explicit operator bool() const;
    void reset(std::FILE* fp = nullptr);
    std::FILE* release();
    Status write(const std::string& text);   // Code::Closed on an empty handle
    void close();

private:
    std::FILE* fp_ = nullptr;
};
