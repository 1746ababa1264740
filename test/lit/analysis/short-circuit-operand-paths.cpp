// `if (x && std::exchange(armed, false)) close(fd);`: clang computes the
// `&&` in a block of its own, joined from the path where `x` was false and
// the path that ran the exchange. Each path branches as it came: where the
// close ran, `armed` was cleared, so `if (armed) write(fd)` later is on an
// open descriptor. A use with no such test is after the close on one path.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>
#include <utility>
#include <vector>

void armedOnce(int fd, bool last) {
  bool armed = true;
  if (last && std::exchange(armed, false))
    ::close(fd);
  if (armed)
    ::write(fd, "x", 1);
}

void armedEither(int fd, bool early, bool late) {
  bool armed = true;
  if (early || (late && std::exchange(armed, false)))
    return;
  if (!armed)
    return;
  ::write(fd, "y", 1);
}

void bowsInLoop(int fd, const std::vector<int> &bows) {
  bool armed = true;
  for (int bow : bows) {
    if (armed)
      ::write(fd, "b", 1);
    if (bow == 0 && std::exchange(armed, false))
      ::close(fd);
  }
  if (armed)
    ::close(fd);
}

void unguarded(int fd, bool last) {
  bool armed = true;
  if (last && std::exchange(armed, false))
    ::close(fd);
  // CHECK: short-circuit-operand-paths.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'fd' that may have been closed [errlint-use-after-close]
  ::write(fd, "z", 1);
}
