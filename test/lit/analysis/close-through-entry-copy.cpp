// A close that lets go of the member first (`FILE *f = std::exchange(f_,
// nullptr); fclose(f);`, `int fd = fd_; fd_ = -1; ::close(fd);`,
// `::close(std::exchange(fd_, -1))`) closes
// what the member held: the caller's copy taken before (`log.get()`) is
// closed after the call. Called twice, the second call finds the member
// empty and closes nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <unistd.h>
#include <utility>

class Log {
public:
  explicit Log(const char *path) : f_(std::fopen(path, "a")) {}
  int close() {
    if (f_ == nullptr)
      return 0;
    FILE *f = std::exchange(f_, nullptr);
    return std::fclose(f);
  }
  FILE *get() const { return f_; }

private:
  FILE *f_;
};

class Fd {
public:
  void reset() {
    int fd = fd_;
    fd_ = -1;
    if (fd >= 0)
      ::close(fd);
  }
  int get() const { return fd_; }
  int fd_ = -1;
};

class DirectFd {
public:
  void reset() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }
  int get() const { return fd_; }
  int fd_ = -1;
};

void rawAfterClose(Log &log) {
  FILE *raw = log.get();
  log.close();
  std::fputs("late\n", raw);
  // CHECK: close-through-entry-copy.cpp:[[@LINE-1]]:3: warning: call to 'fputs' on 'raw' that may have been closed
}

void closeTwice(Log &log) {
  log.close();
  log.close();
}

void descriptorAfterReset(Fd &f) {
  int raw = f.get();
  f.reset();
  f.reset();
  ::write(raw, "x", 1);
  // CHECK: close-through-entry-copy.cpp:[[@LINE-1]]:3: warning: call to 'write' on 'raw' that may have been closed
}

void directAfterReset(DirectFd &f) {
  int raw = f.get();
  f.reset();
  f.reset();
  ::write(raw, "x", 1);
  // CHECK: close-through-entry-copy.cpp:[[@LINE-1]]:3: warning: call to 'write' on 'raw' that may have been closed
}
