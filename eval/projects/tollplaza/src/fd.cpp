// Fd, the owning descriptor wrapper used by the lane links, the billing
// sessions and the camera feeds, and the FILE*/descriptor helpers shared by
// the journal, the exports and the configuration loader.
#include "fd.h"
#include "file_util.h"

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace toll {

Fd::Fd(int fd) : fd_(fd) {}

Fd::~Fd() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: probetwice
}

Fd::Fd(Fd &&other) noexcept : fd_(other.release()) {}

Fd &Fd::operator=(Fd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int Fd::get() const { return fd_; }

bool Fd::valid() const { return fd_ >= 0; }

int Fd::release() {
  const int fd = fd_;
  fd_ = -1;
  return fd;
}

void Fd::reset(int fd) {
  const int old = fd_;
  fd_ = fd;
  if (old >= 0 && old != fd)
    ::close(old);
}

Result Fd::close() {
  const int fd = release();
  if (fd < 0)
    return Result::success();
  // Linux releases the descriptor even when close() reports EINTR.
  if (::close(fd) != 0 && errno != EINTR)
    return Result::fromErrno("close");
  return Result::success();
}

void closeQuietly(std::FILE *f) noexcept {
  if (f != nullptr)
    (void)std::fclose(f);
}

void closeQuietly(int fd) noexcept {
  if (fd >= 0)
    (void)::close(fd);
}

void FileCloser::operator()(std::FILE *f) const {
  if (f != nullptr)
    std::fclose(f); // SAME: violdeleter
}

FileGuard::~FileGuard() {
  if (f != nullptr)
    std::fclose(f);
}

} // namespace toll
