// `if (!setTemperature(fd, t)) return false;` tests the struct result
// through its `operator bool`, which reads the field the callee set beside
// its close (`return {false, err};` after `::close(fd)`): past the test the
// descriptor is open. Where the result is ignored it may be closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <cstdio>
#include <unistd.h>

struct TrayStatus {
  bool ok;
  int err;
  explicit operator bool() const { return ok; }
};

static bool sendLine(int fd, const char *text, int len) {
  return ::write(fd, text, static_cast<std::size_t>(len)) == len;
}

TrayStatus setTemperature(int fd, double celsius) {
  char cmd[32];
  const int n = std::snprintf(cmd, sizeof cmd, "TEMP %.1f\n", celsius);
  if (!sendLine(fd, cmd, n)) {
    const int err = errno;
    ::close(fd);
    return {false, err};
  }
  return {true, 0};
}

bool startTray(int fd) {
  if (!setTemperature(fd, 36.4))
    return false;
  sendLine(fd, "RUN\n", 4);
  return ::close(fd) == 0;
}

bool restartTray(int fd) {
  setTemperature(fd, 36.0);
  sendLine(fd, "TURN 90\n", 8);
  // CHECK: result-conversion-of-call.cpp:[[@LINE-1]]:3: warning: call to 'sendLine' uses 'fd' that may have been closed
  return ::close(fd) == 0;
  // CHECK: result-conversion-of-call.cpp:[[@LINE-1]]:10: warning: 'close' closes 'fd' that may already have been closed
}
