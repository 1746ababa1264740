// A method that points a member at a fresh object and then uses it proves
// the fresh object open, not the one the member held before: a copy the
// caller kept of that one is still closed after the call. A method that
// uses the object it was given first proves that one open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>

class Sign {
public:
  void show(const std::string &t) {
    if (!open_)
      throw std::runtime_error("sign closed");
    text_ = t;
  }
  void close() { open_ = false; }

private:
  std::string text_;
  bool open_ = true;
};

struct Platform {
  std::shared_ptr<Sign> sign = std::make_shared<Sign>();
  void renew() {
    sign = std::make_shared<Sign>();
    sign->show("welcome");
  }
  void greet() {
    sign->show("hello");
    sign = std::make_shared<Sign>();
  }
};

void keptCopyAfterRenew(Platform &p) {
  std::shared_ptr<Sign> old = p.sign;
  old->close();
  p.renew();
  old->show("late");
  // CHECK: proves-open-after-rebind.cpp:[[@LINE-1]]:8: warning: call to 'show' on 'old' after it was closed
}

void greetProvesTheOldOneOpen(Platform &p) {
  std::shared_ptr<Sign> old = p.sign;
  p.greet();
  old->show("still open"); // greet() used it: it was open, and nothing closed it
}
