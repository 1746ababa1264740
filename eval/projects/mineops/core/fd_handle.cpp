// FdHandle: owning descriptor wrapper. reset() swaps the new descriptor in before closing the
// old one, release() hands the descriptor over without closing it, and the destructor only
// closes a descriptor that is still held, so every descriptor is closed exactly once.
#include "fd_handle.h"

#include <unistd.h>

#include <utility>

FdHandle::FdHandle(int fd) noexcept : fd_(fd) {}

FdHandle::~FdHandle() {
    if (fd_ >= 0) ::close(fd_); // OK: reset()/release() leave -1 behind, so nothing is closed twice
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(other.release()) {}

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
}

int FdHandle::get() const noexcept {
    return fd_;
}

bool FdHandle::valid() const noexcept {
    return fd_ >= 0;
}

int FdHandle::release() noexcept {
    return std::exchange(fd_, -1);
}

void FdHandle::reset(int fd) noexcept {
    const int old = std::exchange(fd_, fd);
    if (old >= 0 && old != fd) ::close(old); // OK: the previous descriptor, no longer reachable through fd_
}
