// FileHandle: owning wrapper around a stdio FILE*.
// close() is idempotent (a second call returns 0 and touches nothing); the destructor closes
// the stream only if it is still open. write()/flush() return an error once closed.
#pragma once

#include <cstdio>
#include <string>

#include "status.h"

class FileHandle {
public:
    FileHandle() = default;
    FileHandle(const std::string& path, const char* mode);
    ~FileHandle();

    FileHandle(FileHandle&& other) noexcept;
    FileHandle& operator=(FileHandle&& other) noexcept;
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;

    bool isOpen() const;
    FILE* get() const;
    const std::string& path() const;

    Status write(const std::string& text);
    Status flush();
    int close();

private:
    FILE* fp_ = nullptr;
    std::string path_;
};
