// A method that rebinds a member on some paths before it uses it
// (`if (closed_) reopen();`) uses the caller's object only on the other
// paths, and only under what those paths knew on entry: a write after
// close() that reopens first is quiet, one whose reopen test the close
// does not satisfy is a use of the closed stream.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

class LazyLog {
public:
  void write(const char *Line) {
    if (Closed)
      reopen();
    if (Closed)
      return;
    std::fputs(Line, Fp);
  }
  void append(const char *Line) {
    if (!Fp)
      reopen();
    std::fputs(Line, Fp);
  }
  void close() {
    if (Closed)
      return;
    std::fclose(Fp);
    Closed = true;
  }

private:
  void reopen() {
    Fp = std::fopen("/var/log/app.log", "a");
    Closed = Fp == nullptr;
  }
  std::FILE *Fp = nullptr;
  bool Closed = true;
};

void rotate(LazyLog &L) {
  L.close();
  L.write("log reopened");
}

void rotateThenAppend(LazyLog &L) {
  L.close();
  L.append("log reopened");
  // CHECK: partly-rebound-uses.cpp:[[@LINE-1]]:5: warning: call to 'append' uses 'L.Fp' that may have been closed [errlint-use-after-close]
}
