// A helper that closes a descriptor on its error path and returns -1 (0 on
// success): a caller testing `< 0`, `== -1` or `!= 0` goes on with the
// descriptor open. A local holding `v.size() - 1` compares as that sum, so a
// close in the iteration where `i == last` is the last one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <cstddef>
#include <string>
#include <unistd.h>
#include <vector>

static int write_all(int fd, const char *p, size_t len) {
  while (len > 0) {
    ssize_t w = write(fd, p, len);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      close(fd);
      return -1;
    }
    p += w;
    len -= static_cast<size_t>(w);
  }
  return 0;
}

int below(int fd, const char *t) {
  if (write_all(fd, t, 3) < 0)
    return -1;
  return close(fd);
}

int atMost(int fd, const char *t) {
  if (write_all(fd, t, 3) <= -1)
    return -1;
  return close(fd);
}

int reversed(int fd, const char *t) {
  if (0 > write_all(fd, t, 3))
    return -1;
  return close(fd);
}

int again(int fd, const char *t) {
  if (write_all(fd, t, 3) < 0) {
    // CHECK: result-bounds.cpp:[[@LINE+1]]:5: warning: 'close' closes 'fd' that may already have been closed
    close(fd);
    return -1;
  }
  return close(fd);
}

int unchecked(int fd, const char *t) {
  write_all(fd, t, 3);
  // CHECK: result-bounds.cpp:[[@LINE+1]]:10: warning: 'close' closes 'fd' that may already have been closed
  return close(fd);
}

void lastIteration(int fd, const std::vector<std::string> &lines) {
  const size_t last = lines.size() - 1;
  for (size_t i = 0; i < lines.size(); ++i) {
    write(fd, lines[i].data(), lines[i].size());
    if (i == last)
      close(fd);
  }
}

void notLast(int fd, const std::vector<std::string> &lines) {
  const size_t middle = lines.size() / 2;
  for (size_t i = 0; i < lines.size(); ++i) {
    // CHECK: result-bounds.cpp:[[@LINE+1]]:5: warning: call to 'write' on 'fd' that may have been closed
    write(fd, lines[i].data(), lines[i].size());
    if (i == middle)
      close(fd);
  }
}
