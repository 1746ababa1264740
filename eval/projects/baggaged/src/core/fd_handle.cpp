// FdHandle: owning wrapper for a POSIX descriptor, and openDeviceFd(), the
// factory that hands one out. Correct throughout: close() resets fd_ to -1,
// so the destructor and the move operators never close a descriptor twice,
// and a handle that gave its descriptor away (release()) closes nothing.
#include "handles.h"

#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

FdHandle::FdHandle(int fd) : fd_(fd) {}

FdHandle::~FdHandle() {
  close(); // OK: idempotent, also after an explicit close() or release()
}

FdHandle::FdHandle(FdHandle&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

FdHandle& FdHandle::operator=(FdHandle&& other) noexcept {
  if (this != &other) {
    close(); // OK: closes what this handle owned before taking the other one
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

int FdHandle::get() const { return fd_; }

bool FdHandle::valid() const { return fd_ >= 0; }

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

ssize_t FdHandle::write(const void* data, size_t len) {
  if (fd_ < 0) throw std::runtime_error("fd handle closed");
  ssize_t n;
  do {
    n = ::write(fd_, data, len);
  } while (n < 0 && errno == EINTR);
  return n;
}

ssize_t FdHandle::read(void* data, size_t len) {
  if (fd_ < 0) throw std::runtime_error("fd handle closed");
  ssize_t n;
  do {
    n = ::read(fd_, data, len);
  } while (n < 0 && errno == EINTR);
  return n;
}

FdHandle openDeviceFd(const std::string& path, int flags) {
  int fd;
  do {
    fd = ::open(path.c_str(), flags | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return FdHandle(fd);
}
