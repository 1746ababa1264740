// A local std::optional reset (its value's destructor closes) and then
// tested before the use (`if (spare)`, `spare.has_value()`): the use runs
// only where a new value was emplaced. Untested, it may use the closed one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <optional>
#include <unistd.h>

class BellowsPin {
public:
  explicit BellowsPin(const char *gpio) : fd_(::open(gpio, O_WRONLY)) {}
  ~BellowsPin() { release(); }
  BellowsPin(const BellowsPin &) = delete;
  BellowsPin &operator=(const BellowsPin &) = delete;
  void pump() { ::write(fd_, "1", 1); }
  void release() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

void rearmTested(const char *gpio, bool rearm) {
  std::optional<BellowsPin> spare;
  spare.emplace(gpio);
  spare.reset();
  if (rearm)
    spare.emplace(gpio);
  if (spare)
    spare->pump();
  if (spare.has_value())
    spare->pump();
}

void rearmUntested(const char *gpio, bool rearm) {
  std::optional<BellowsPin> spare;
  spare.emplace(gpio);
  spare.reset();
  if (rearm)
    spare.emplace(gpio);
  // CHECK: optional-reset-tested-before-use.cpp:[[@LINE+1]]:10: warning: call to 'pump' uses 'spare.fd_' that may have been closed
  spare->pump();
}
// CHECK-NOT: warning:
