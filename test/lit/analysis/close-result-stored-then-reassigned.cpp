// `bool closed = ::close(fd) == 0; if (!closed) closed = ::close(fd) ==
// 0;`: the flag is assigned again only after the test, so the test reads
// what the first close returned: the retry runs only where it failed. A
// retry on success is a second close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <cstring>
#include <cerrno>
#include <unistd.h>

struct TideStation {
  int log;
};

bool closeTideLog(TideStation &st) {
  bool closed = ::close(st.log) == 0;
  if (!closed) {
    std::fprintf(stderr, "close failed: %s\n", std::strerror(errno));
    closed = ::close(st.log) == 0;
  }
  st.log = -1;
  return closed;
}

bool closeTwiceOnSuccess(int fd) {
  bool closed = ::close(fd) == 0;
  if (closed)
    // CHECK: close-result-stored-then-reassigned.cpp:[[@LINE+1]]:14: warning: 'close' closes 'fd' a second time [errlint-double-close]
    closed = ::close(fd) == 0;
  return closed;
}
