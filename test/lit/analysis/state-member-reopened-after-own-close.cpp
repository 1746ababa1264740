// A method that calls its class's own close() and then gives the member
// the protocol reads the closed state from an open value (`close(); fd_ =
// dial();`, `release(); released_ = false;`) leaves the object open: a use
// after it in the same method is none after close, and the method is no
// close for its callers. Setting the member to its closed value again
// (`fd_ = -1`) keeps it closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class WingSocket {
public:
  void sendLine(const std::string &l) {
    if (fd_ < 0)
      throw std::runtime_error("wing socket is closed");
    ::write(fd_, l.data(), l.size());
  }
  void close() noexcept {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }
  void redial() {
    close();
    fd_ = dial();
    sendLine("HELLO");
  }
  void hangUp() {
    close();
    fd_ = -1;
    // CHECK: state-member-reopened-after-own-close.cpp:[[@LINE+1]]:5: warning: call to 'sendLine' on '*this' after it was closed
    sendLine("BYE");
  }

private:
  static int dial();
  int fd_ = -1;
};

int WingSocket::dial() {
  for (int i = 0; i < 3; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
      continue;
    if (::connect(fd, nullptr, 0) == 0)
      return fd;
    ::close(fd);
  }
  throw std::runtime_error("wing controller unreachable");
}

class FlyAxis {
public:
  void moveTo(double metres) {
    std::lock_guard<std::mutex> lk(mu_);
    if (released_)
      throw std::runtime_error("fly axis released");
    target_ = metres;
  }
  void release() {
    std::lock_guard<std::mutex> lk(mu_);
    released_ = true;
  }
  void rehearsalReset() {
    release();
    {
      std::lock_guard<std::mutex> lk(mu_);
      released_ = false;
    }
    moveTo(0.0);
  }

private:
  std::mutex mu_;
  bool released_ = false;
  double target_ = 0;
};

void wingShow(WingSocket &wing, FlyAxis &axis) {
  wing.redial();
  wing.sendLine("CUE 12");
  axis.release();
  axis.rehearsalReset();
  axis.moveTo(4.5);
  wing.close();
  // CHECK: state-member-reopened-after-own-close.cpp:[[@LINE+1]]:8: warning: call to 'sendLine' on 'wing' after it was closed
  wing.sendLine("CUE 13");
}
// CHECK-NOT: warning:
