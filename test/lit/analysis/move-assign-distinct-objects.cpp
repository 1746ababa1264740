// An assignment operator that only acts when it is given another object
// (`if (this != &other) reset(other.release());`) acts on every assignment
// a caller writes between distinct objects: assigning over a descriptor the
// caller closed by hand closes it again. A caller that released it first,
// or an operator that never closes the old one, is quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>
#include <utility>

class SerialFd {
public:
  explicit SerialFd(int fd = -1) : fd_(fd) {}
  SerialFd(SerialFd &&other) noexcept : fd_(other.release()) {}
  SerialFd &operator=(SerialFd &&other) noexcept;
  ~SerialFd() { reset(); }
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = fd;
  }

private:
  int fd_;
};

SerialFd &SerialFd::operator=(SerialFd &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

class Adopter {
public:
  explicit Adopter(int fd = -1) : fd_(fd) {}
  Adopter &operator=(Adopter &&other) noexcept {
    if (&other == this)
      return *this;
    fd_ = other.fd_;
    other.fd_ = -1;
    return *this;
  }
  int get() const { return fd_; }

private:
  int fd_;
};

void reopenByHand(SerialFd &port, int next) {
  ::close(port.get());
  SerialFd fresh(next);
  port = std::move(fresh);
  // CHECK: move-assign-distinct-objects.cpp:[[@LINE-1]]:8: warning: {{.*}} [errlint-double-close]
}

void reopenReleased(SerialFd &port, int next) {
  ::close(port.get());
  port.release();
  SerialFd fresh(next);
  port = std::move(fresh);
}

void adopt(Adopter &a, int next) {
  ::close(a.get());
  Adopter fresh(next);
  a = std::move(fresh);
}
