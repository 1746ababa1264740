// A scope guard dismissed on some paths (`if (keep) park.dismiss();`)
// closes at the end of its scope only where it was not dismissed: a use
// after the scope may meet a closed link, not a certainly closed one. A
// guard never dismissed closes for certain.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <stdexcept>
#include <utility>

class StageDimmer {
public:
  void level(int v) {
    if (fd_ < 0)
      throw std::runtime_error("dimmer link closed");
    last_ = v;
  }
  void close() {
    if (fd_ < 0)
      throw std::runtime_error("dimmer link already closed");
    fd_ = -1;
  }
  bool is_open() const { return fd_ >= 0; }

private:
  int fd_ = 3;
  int last_ = 0;
};

class ParkGuard {
public:
  explicit ParkGuard(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ParkGuard() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }

private:
  std::function<void()> fn_;
};

void maybeKept(StageDimmer &d, bool keep) {
  {
    ParkGuard park([&d] { d.close(); });
    if (keep)
      park.dismiss();
  }
  // CHECK: guard-dismissed-on-some-path.cpp:[[@LINE+1]]:5: warning: call to 'level' on 'd' that may have been closed [errlint-use-after-close]
  d.level(1);
  if (d.is_open())
    d.level(2);
}

void neverKept(StageDimmer &d) {
  {
    ParkGuard park([&d] { d.close(); });
    d.level(3);
  }
  // CHECK: guard-dismissed-on-some-path.cpp:[[@LINE+1]]:5: warning: call to 'level' on 'd' after it was closed [errlint-use-after-close]
  d.level(4);
}
