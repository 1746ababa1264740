// FdHandle: single owner of a POSIX descriptor (see fd_handle.h).
#include "kvlog/fd_handle.h"

#include <unistd.h>

namespace kvlog {

FdHandle::FdHandle(int fd) noexcept : fd_(fd) {}

FdHandle::~FdHandle() { close(); }

FdHandle::FdHandle(FdHandle &&other) noexcept : fd_(other.release()) {}

FdHandle &FdHandle::operator=(FdHandle &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int FdHandle::release() noexcept {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

void FdHandle::reset(int fd) noexcept {
  close();
  fd_ = fd;
}

void FdHandle::close() noexcept {
  if (fd_ < 0)
    return;
  ::close(fd_); // SAME: shared_scan_fd
  fd_ = -1;
}

} // namespace kvlog
