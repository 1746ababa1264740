// A scope guard built with a lambda holds it: its destructor's `if (fn_)
// fn_();` runs the lambda, and what the lambda sets (`fd_ = -1` after the
// close) holds after the guard is gone, so an archive's own destructor
// closing only `if (fd_ >= 0)` does nothing more. A guard emptied by its
// dismiss() (`fn_ = nullptr`) runs nothing. A guard that runs after the
// object was closed by hand closes it again.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <functional>
#include <unistd.h>
#include <utility>

class GhcGuard {
public:
  explicit GhcGuard(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~GhcGuard() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }

private:
  std::function<void()> fn_;
};

class GhcArchive {
public:
  explicit GhcArchive(int fd) : fd_(fd) {}
  ~GhcArchive() { close(); }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_;
};

void guardThenDestructor(int fd) {
  GhcArchive a(fd);
  GhcGuard g([&a] { a.close(); });
}

void dismissedThenClosed(std::FILE *f) {
  GhcGuard g([f] { std::fclose(f); });
  g.dismiss();
  std::fclose(f);
}

void closedThenGuard(std::FILE *f) {
  // CHECK: guard-holds-callable.cpp:[[@LINE+1]]:20: warning: 'fclose' closes 'f' a second time
  GhcGuard g([f] { std::fclose(f); });
  std::fclose(f);
}
