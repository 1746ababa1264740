// The termios calls of a serial line (tcdrain, tcflush, tcsetattr, ...)
// act on the descriptor they are given: after a close on the write's
// failure path, draining the line is a use after close. Drained first,
// then closed, it is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <termios.h>
#include <unistd.h>

int aim(int fd, const char *cmd, int len) {
  if (::write(fd, cmd, len) != len)
    ::close(fd);
  return ::tcdrain(fd);
  // CHECK: :[[@LINE-1]]:10: warning: call to 'tcdrain' on 'fd' that may have been closed
}

void hangup(int fd) {
  termios tio{};
  if (::tcgetattr(fd, &tio) == 0)
    ::tcflush(fd, TCIOFLUSH);
  ::close(fd);
  ::tcsetattr(fd, TCSANOW, &tio);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'tcsetattr' on 'fd' after it was closed
}
