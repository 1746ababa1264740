// FdHandle: owning wrapper around a POSIX file descriptor.
// reset() closes the current descriptor (if any) and adopts a new one; release() gives the
// descriptor away without closing it; the destructor closes a descriptor that is still held.
#pragma once

class FdHandle {
public:
    explicit FdHandle(int fd = -1) noexcept;
    ~FdHandle();

    FdHandle(FdHandle&& other) noexcept;
    FdHandle& operator=(FdHandle&& other) noexcept;
    FdHandle(const FdHandle&) = delete;
    FdHandle& operator=(const FdHandle&) = delete;

    int get() const noexcept;
    bool valid() const noexcept;
    int release() noexcept;
    void reset(int fd = -1) noexcept;

private:
    int fd_;
};
