// A helper that throws unless `send()` sent the whole count it was given
// (`if (::send(fd, buf, n, 0) != n) throw ...`) returns only where the
// descriptor was open: a loop that closes it on one iteration and calls
// the helper after does not reach a second close (the helper threw), but
// the call itself is on the closed descriptor. A helper that ignores the
// result proves nothing: the second close is reported.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

struct WinchLine {
  int sock = -1;
  void park() { ::close(sock); }
  void sampleAt(double depth) {
    char cmd[48];
    const int n = std::snprintf(cmd, sizeof cmd, "SAMPLE %.1f\n", depth);
    if (::send(sock, cmd, static_cast<std::size_t>(n), MSG_NOSIGNAL) != n)
      throw std::runtime_error("send failed");
  }
  void pingAt(double depth) {
    char cmd[48];
    const int n = std::snprintf(cmd, sizeof cmd, "PING %.1f\n", depth);
    ::send(sock, cmd, static_cast<std::size_t>(n), MSG_NOSIGNAL);
  }
  void cast(bool stalled) {
    for (double depth = 0.5; depth <= 10; depth += 0.5) {
      if (stalled)
        park();
      // CHECK: use-result-count-proves-open.cpp:[[@LINE+1]]:7: warning: call to 'sampleAt' uses 'sock' that may have been closed
      sampleAt(depth);
    }
  }
  void sweep(bool stalled) {
    for (double depth = 0.5; depth <= 10; depth += 0.5) {
      if (stalled)
        // CHECK: use-result-count-proves-open.cpp:[[@LINE+1]]:9: warning: 'park' closes 'sock' that may already have been closed
        park();
      // CHECK: use-result-count-proves-open.cpp:[[@LINE+1]]:7: warning: call to 'pingAt' uses 'sock' that may have been closed
      pingAt(depth);
    }
  }
};
