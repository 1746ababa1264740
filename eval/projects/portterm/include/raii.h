// RAII wrappers shared by the terminal components: FileHandle (FILE*), FdHandle (POSIX
// descriptor) and ScopeExit. Both handles close idempotently and may be released.
#pragma once
#include <cstdio>
#include <string>
#include <utility>

#include "status.h"

class FileHandle {
public:
    FileHandle() = default;
    FileHandle(const std::string& path, const char* mode);
    ~FileHandle();
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;
    FileHandle(FileHandle&& other) noexcept;
    FileHandle& operator=(FileHandle&& other) noexcept;

    bool open(const std::string& path, const char* mode);
    bool is_open() const;
    void write(const std::string& text);   // throws once closed
    void flush();                          // throws once closed
    void close();                          // idempotent
    std::FILE* get() const;
    std::FILE* release();                  // caller takes ownership

private:
    std::FILE* fp_ = nullptr;
};

class FdHandle {
public:
    FdHandle() = default;
    explicit FdHandle(int fd);
    ~FdHandle();
    FdHandle(const FdHandle&) = delete;
    FdHandle& operator=(const FdHandle&) = delete;
    FdHandle(FdHandle&& other) noexcept;
    FdHandle& operator=(FdHandle&& other) noexcept;

    int get() const;
    bool valid() const;
    Status write_all(const std::string& data);   // ErrorCode::Closed once closed
    void reset(int fd = -1);                     // closes the current descriptor
    int release();                               // caller takes ownership
    void close();                                // idempotent

private:
    int fd_ = -1;
};

template <typename F>
class ScopeExit {
public:
    explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
    ScopeExit(ScopeExit&& other) noexcept : fn_(std::move(other.fn_)), active_(other.active_) {
        other.active_ = false;
    }
    ScopeExit(const ScopeExit&) = delete;
    ScopeExit& operator=(const ScopeExit&) = delete;
    ~ScopeExit() {
        if (active_) fn_();
    }
    void dismiss() { active_ = false; }

private:
    F fn_;
    bool active_ = true;
};

template <typename F>
ScopeExit<F> make_scope_exit(F fn) {
    return ScopeExit<F>(std::move(fn));
}
