// FdHandle: RAII owner of a POSIX descriptor. close() swaps -1 into fd_ before closing, so a
// second close() (or the destructor after an explicit close()) finds nothing to close.
// write_all()/read_some() throw when the handle owns no descriptor and retry on EINTR.
#include "fd_handle.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

FdHandle::FdHandle(int fd) : fd_(fd) {}

FdHandle::~FdHandle() { close(); }   // OK: close() is a no-op once fd_ is -1

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
}

int FdHandle::get() const { return fd_; }

bool FdHandle::valid() const { return fd_ >= 0; }

int FdHandle::release() { return std::exchange(fd_, -1); }

void FdHandle::reset(int fd) {
    const int old = std::exchange(fd_, fd);
    if (old >= 0 && old != fd) ::close(old);
}

void FdHandle::close() {
    const int fd = std::exchange(fd_, -1);
    if (fd >= 0) ::close(fd);   // OK: fd_ is cleared first, so the next close() sees -1
}

std::size_t FdHandle::write_all(const void* data, std::size_t len) {
    if (fd_ < 0) throw std::runtime_error("descriptor closed");
    const char* p = static_cast<const char*>(data);
    std::size_t done = 0;
    while (done < len) {
        const ssize_t n = ::write(fd_, p + done, len - done);   // OK: fd_ checked at entry, nothing in this loop closes it
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error(std::string("write: ") + std::strerror(errno));
        done += static_cast<std::size_t>(n);
    }
    return done;
}

std::size_t FdHandle::read_some(void* data, std::size_t len) {
    if (fd_ < 0) throw std::runtime_error("descriptor closed");
    for (;;) {
        const ssize_t n = ::read(fd_, data, len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error(std::string("read: ") + std::strerror(errno));
        return static_cast<std::size_t>(n);
    }
}
