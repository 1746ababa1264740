// A counter that grows by amounts the analysis cannot know (`sent +=
// c.size()`, an unsigned amount) keeps its lower bounds: a close made in a
// loop once `sent >= quota` cannot be followed by the close made after the
// loop only while `sent < quota`. A value printed through `...` is copied,
// not changed. A counter that may shrink (a signed amount) knows nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

size_t streamLogs(int fd, const std::vector<std::string> &chunks, size_t quota) {
  size_t sent = 0;
  for (const std::string &c : chunks) {
    sent += c.size();
    if (sent >= quota) {
      std::fprintf(stderr, "quota of %zu bytes reached\n", quota);
      ::close(fd);
      return sent;
    }
  }
  if (sent < quota)
    ::close(fd);
  return sent;
}

size_t keepsClosing(int fd, const std::vector<std::string> &chunks,
                    size_t quota) {
  size_t sent = 0;
  for (const std::string &c : chunks) {
    sent += c.size();
    if (sent >= quota)
      // CHECK: counter-grows.cpp:[[@LINE+1]]:7: warning: 'close' closes 'fd' that may already have been closed
      ::close(fd);
  }
  if (sent < quota)
    ::close(fd);
  return sent;
}

long mayShrink(int fd, const std::vector<long> &deltas, long quota) {
  long sent = 0;
  for (long d : deltas) {
    sent += d;
    if (sent >= quota)
      // CHECK: counter-grows.cpp:[[@LINE+1]]:7: warning: 'close' closes 'fd' that may already have been closed
      ::close(fd);
  }
  if (sent < quota)
    // CHECK: counter-grows.cpp:[[@LINE+1]]:5: warning: 'close' closes 'fd' that may already have been closed
    ::close(fd);
  return sent;
}
