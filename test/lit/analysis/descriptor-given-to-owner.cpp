// A wrapper constructed from a descriptor (`UniqueFd conn(cfd)`, the
// constructor copying it into its member) holds the same descriptor as the
// variable it was given: closing the variable and then destroying the
// wrapper closes it twice. Releasing it first, or closing through the
// wrapper, closes it once.
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
