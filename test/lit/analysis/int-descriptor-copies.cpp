// An int copy of a descriptor (`int peer = conn.fd;`, `int fd = sock.fd();`)
// names the same descriptor: closing either closes both. Once either is
// assigned a new value they part: the copy keeps what the original held
// (`int old = fd_; fd_ = fresh; ::close(old);` closes the old descriptor,
// not the new one).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>

struct PeerConn {
  int fd;
};

class DescSock {
public:
  explicit DescSock(int fd) : fd_(fd) {}
  int fd() const { return fd_; }
  void close() { ::close(fd_); }

private:
  int fd_;
};

void copyThenCloseOriginal(PeerConn &c) {
  int peer = c.fd;
  ::close(c.fd);
  ::write(peer, "x", 1);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'write' on 'peer' after it was closed [errlint-use-after-close]
}

void closeCopyThenUseOriginal(PeerConn &c) {
  int peer = c.fd;
  ::close(peer);
  ::write(c.fd, "x", 1);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'write' on 'c.fd' after it was closed [errlint-use-after-close]
}

void assignedCopy(PeerConn &c) {
  int peer;
  peer = c.fd;
  ::close(c.fd);
  ::write(peer, "x", 1);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'write' on 'peer' after it was closed [errlint-use-after-close]
}

void copyFromAccessor(DescSock &s) {
  int fd = s.fd();
  s.close();
  ::write(fd, "x", 1);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'write' on 'fd' after it was closed [errlint-use-after-close]
}

void closeTakenCopyTwice(PeerConn &c) {
  int fd = c.fd;
  c.fd = -1;
  ::close(fd);
  ::close(fd);
  // CHECK: :[[@LINE-1]]:3: warning: 'close' closes 'fd' a second time [errlint-double-close]
}

// The copy gets another descriptor: closing the original leaves it open.
void copyReassigned(int a) {
  int b = a;
  ::close(a);
  b = ::dup(1);
  ::write(b, "x", 1);
  ::close(b);
}

// The original gets a new descriptor; the copy closes the old one.
void swapInFresh(PeerConn &c) {
  int old = c.fd;
  c.fd = ::dup(1);
  ::close(old);
  ::write(c.fd, "x", 1);
}

// A copy assigned -1 before the close names nothing.
void copyCleared(int a) {
  int b = a;
  b = -1;
  ::close(a);
  (void)b;
}

// Copies of other integers are not descriptors of the closed one.
void otherDescriptor(int a, int n) {
  int b = n;
  ::close(a);
  ::write(b, "x", 1);
}
