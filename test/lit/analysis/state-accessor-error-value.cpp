// An accessor whose guard returns one enumerator on a closed object
// (`if (fd_ < 0) return Status::Offline;`) says open wherever it returns
// another: `switch (l.status())` cases and comparisons other than Offline
// are past the close; the Offline case, or a case the closed object also
// reaches, is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <unistd.h>

class LanternLink {
public:
  enum class Status { Lit, Dark, Offline };
  explicit LanternLink(int fd) : fd_(fd) {}
  void setLevel(int pct) {
    if (fd_ < 0)
      throw std::runtime_error("lantern link offline");
    level_ = pct;
  }
  void teardown() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  Status status() const {
    if (fd_ < 0)
      return Status::Offline;
    return level_ > 0 ? Status::Lit : Status::Dark;
  }

private:
  int fd_;
  int level_ = 0;
};

void tourStep(LanternLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  switch (l.status()) {
  case LanternLink::Status::Offline:
    return;
  case LanternLink::Status::Dark:
    l.setLevel(60);
    break;
  case LanternLink::Status::Lit:
    l.setLevel(80);
    break;
  }
}

void compareStep(LanternLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (l.status() == LanternLink::Status::Offline)
    return;
  l.setLevel(40);
}

void wrongCase(LanternLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  switch (l.status()) {
  case LanternLink::Status::Lit:
    return;
  default:
    // CHECK: :[[@LINE+1]]:7: warning: call to 'setLevel' on 'l' that may have been closed
    l.setLevel(20);
    break;
  }
}

void offlineCase(LanternLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (l.status() == LanternLink::Status::Offline)
    // CHECK: :[[@LINE+1]]:7: warning: call to 'setLevel' on 'l' that may have been closed
    l.setLevel(10);
}
