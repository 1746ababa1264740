// Helpers that close the socket only when they fail (and return false),
// chained in one condition: `if (!expect(fd, "220") || !command(fd, "EHLO"))`.
// A std::string temporary in the condition makes clang join the operands'
// paths before the branch (its destructor runs there), so the closes meet
// under different conditions; past a branch that refutes all of them the
// socket is open. Where one of them may hold it is still closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstring>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

static bool expect(int fd, const char *code) {
  char buf[64];
  if (::recv(fd, buf, sizeof buf, 0) < 3 || std::strncmp(buf, code, 3) != 0) {
    ::close(fd);
    return false;
  }
  return true;
}

static bool command(int fd, const std::string &line) {
  if (::send(fd, line.data(), line.size(), 0) < 0) {
    ::close(fd);
    return false;
  }
  return true;
}

bool greet(int fd) {
  if (!expect(fd, "220") || !command(fd, "EHLO relay.example\r\n"))
    return false;
  if (!expect(fd, "250"))
    return false;
  return true;
}

bool data(int fd, const std::string &body) {
  if (!expect(fd, "250") || !command(fd, "DATA\r\n") || !expect(fd, "354"))
    return false;
  ::send(fd, body.data(), body.size(), 0);
  ::close(fd);
  return true;
}

bool careless(int fd) {
  bool ok = !expect(fd, "220") || !command(fd, "EHLO relay.example\r\n");
  (void)ok;
  // CHECK: failure-alternatives.cpp:[[@LINE+1]]:3: warning: call to 'send' on 'fd' that may have been closed [errlint-use-after-close]
  ::send(fd, "NOOP\r\n", 6, 0);
  return true;
}

bool refusedAnyway(int fd) {
  if (!expect(fd, "220") || !command(fd, "EHLO relay.example\r\n")) {
    // Each way into the branch went through a helper's failure, which
    // closed the socket: a second close on every path.
    // CHECK: failure-alternatives.cpp:[[@LINE+1]]:5: warning: 'close' closes 'fd' a second time [errlint-double-close]
    ::close(fd);
    return false;
  }
  return true;
}
