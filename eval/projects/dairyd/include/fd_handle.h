// FdHandle: RAII owner of a POSIX descriptor. close() is idempotent; write_all()/read_some()
// throw once the handle no longer owns a descriptor.
#pragma once
#include <cstddef>

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
    int release();
    void reset(int fd = -1);
    void close();
    std::size_t write_all(const void* data, std::size_t len);
    std::size_t read_some(void* data, std::size_t len);   // 0 on end of file

private:
    int fd_ = -1;
};
