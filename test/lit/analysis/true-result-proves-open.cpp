// A helper that returns true only past a use that throws once its argument
// is closed (`if (!l.alive()) return false; l.set_level(p); return true;`)
// tells a caller testing its result that the argument is open where it is
// true; so does one whose true returns are past its own test of the
// argument's state (`if (!l.alive()) return false; ... return true;`). One
// that may return true without either tells nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <unistd.h>

class DimmerLink {
public:
  explicit DimmerLink(int fd) : fd_(fd) {}
  void setLevel(int pct) {
    if (fd_ < 0)
      throw std::runtime_error("dimmer link offline");
    level_ = pct;
  }
  void teardown() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  bool alive() const { return fd_ >= 0; }
  int level() const { return level_; }

private:
  int fd_;
  int level_ = 0;
};

static bool tryDim(DimmerLink &l, int pct) {
  if (!l.alive())
    return false;
  l.setLevel(pct);
  return true;
}

static bool ready(const DimmerLink &l, int least) {
  if (!l.alive())
    return false;
  if (l.level() < least)
    return false;
  return true;
}

void firstAid(DimmerLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (!ready(l, 20))
    return;
  l.setLevel(90);
}

// True also where it did nothing (pct == 0): no proof.
static bool maybeDim(DimmerLink &l, int pct) {
  if (pct == 0)
    return true;
  if (!l.alive())
    return false;
  l.setLevel(pct);
  return true;
}

void sunset(DimmerLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (!tryDim(l, 10))
    return;
  l.setLevel(5);
}

void sunsetStored(DimmerLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (tryDim(l, 10))
    l.setLevel(5);
}

void dusk(DimmerLink &l, bool flooded, int pct) {
  if (flooded)
    l.teardown();
  if (!maybeDim(l, pct))
    return;
  // CHECK: :[[@LINE+1]]:5: warning: call to 'setLevel' on 'l' that may have been closed
  l.setLevel(5);
}

void failedDim(DimmerLink &l, bool flooded) {
  if (flooded)
    l.teardown();
  if (tryDim(l, 10))
    return;
  // CHECK: :[[@LINE+1]]:5: warning: call to 'setLevel' on 'l' that may have been closed
  l.setLevel(5);
}
