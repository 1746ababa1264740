// A member swap whose body exchanges every field with the other object's
// (`std::swap(fd_, o.fd_)`) makes the two objects trade places: a port
// released and then swapped with an open standby is open. A swap that
// leaves the descriptor where it was exchanges nothing that matters.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class RindPort {
public:
  explicit RindPort(int fd) : fd_(fd) {}
  void dip(int seconds) {
    if (fd_ < 0)
      throw std::runtime_error("rind port released");
    last_ = seconds;
  }
  void release() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  void swap(RindPort &o) noexcept {
    using std::swap;
    std::swap(fd_, o.fd_);
    std::swap(last_, o.last_);
  }

private:
  int fd_;
  int last_ = 0;
};

class LabelledPort {
public:
  explicit LabelledPort(int fd) : fd_(fd) {}
  void dip(int seconds) {
    if (fd_ < 0)
      throw std::runtime_error("labelled port released");
    last_ = seconds;
  }
  void release() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  // Trades labels only: the descriptor stays.
  void swap(LabelledPort &o) noexcept { std::swap(label_, o.label_); }

private:
  int fd_;
  int last_ = 0;
  std::string label_;
};

void useStandby(RindPort &red, RindPort &standby) {
  red.release();
  red.swap(standby);
  red.dip(4);
  // CHECK: :[[@LINE+1]]:11: warning: call to 'dip' on 'standby' after it was closed
  standby.dip(1);
}

void relabel(LabelledPort &red, LabelledPort &spare) {
  red.release();
  red.swap(spare);
  // CHECK: :[[@LINE+1]]:7: warning: call to 'dip' on 'red' after it was closed
  red.dip(4);
}
