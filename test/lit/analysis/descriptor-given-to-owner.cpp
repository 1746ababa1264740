// A wrapper constructed from a descriptor (`UniqueFd conn(cfd)`, the
// constructor copying it into its member) holds the same descriptor as the
// variable it was given: closing the variable and then destroying the
// wrapper closes it twice. Releasing it first, or closing through the
// wrapper, closes it once. A helper that closes only a valid descriptor
// (`if (fd >= 0)`) before a destructor that closes only a valid one closes
// it twice wherever the first did: the two tests are of one value.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>

class DgoFd {
public:
  explicit DgoFd(int fd) : fd_(fd) {}
  // CHECK: descriptor-given-to-owner.cpp:[[@LINE+1]]:14: warning: 'close' closes 'cfd' that may already have been closed
  ~DgoFd() { ::close(fd_); }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void close() {
    ::close(fd_);
    fd_ = -1;
  }
private:
  int fd_;
};

bool dgoHandshake(int fd);

void closeHard(int fd) { ::close(fd); }

void closedAndDestroyed(int cfd) {
  DgoFd conn(cfd);
  if (!dgoHandshake(cfd))
    closeHard(cfd);
}

void releasedFirst(int cfd) {
  DgoFd conn(cfd);
  ::close(conn.release());
}

class DgoGuardedFd {
public:
  explicit DgoGuardedFd(int fd) : fd_(fd) {}
  ~DgoGuardedFd() {
    if (fd_ >= 0)
      // CHECK: descriptor-given-to-owner.cpp:[[@LINE+1]]:7: warning: 'close' closes 'cfd' that may already have been closed
      ::close(fd_);
  }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
private:
  int fd_;
};

void closeQuietly(int fd) {
  if (fd >= 0)
    ::close(fd);
}

void quietThenDestroyed(int cfd) {
  DgoGuardedFd conn(cfd);
  closeQuietly(cfd);
}

void quietRelease(int cfd) {
  DgoGuardedFd conn(cfd);
  closeQuietly(conn.release());
}
