// FdHandle: owning wrapper over a POSIX descriptor. close() is idempotent (fd_ = -1),
// write_all() reports ErrorCode::Closed on a closed handle and retries on EINTR.
#include <cerrno>
#include <cstring>
#include <unistd.h>

#include "raii.h"

FdHandle::FdHandle(int fd) : fd_(fd) {}

FdHandle::~FdHandle() {
    close(); // OK: idempotent, a released handle holds -1
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
    if (this != &other) {
        close();
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

int FdHandle::get() const { return fd_; }

bool FdHandle::valid() const { return fd_ >= 0; }

Status FdHandle::write_all(const std::string& data) {
    if (fd_ < 0) return Status::error(ErrorCode::Closed, "descriptor closed");
    std::size_t off = 0;
    while (off < data.size()) {
        ssize_t n = ::write(fd_, data.data() + off, data.size() - off);
        if (n < 0) {
            if (errno == EINTR) continue;
            return Status::error(ErrorCode::Io, std::strerror(errno));
        }
        off += static_cast<std::size_t>(n);
    }
    return Status::success();
}

void FdHandle::reset(int fd) {
    if (fd_ >= 0 && fd_ != fd) ::close(fd_);
    fd_ = fd;
}

int FdHandle::release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
}

void FdHandle::close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
}
