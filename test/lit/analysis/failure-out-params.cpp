// A helper that reports failure through a std::error_code it is given, and
// closes an object only when it fails (asio's connect_pair closing socket1),
// leaves the object open on the paths where the error is clear: after a
// check of the error, or after a function that returns only when it is
// clear (asio's throw_error). A caller that ignores the error may use a
// closed object.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <cstdio>
#include <system_error>
#include <unistd.h>

void pairUp(std::FILE *first, std::FILE *second, std::error_code &ec) {
  if (std::fflush(second) != 0) {
    ec = std::error_code(errno, std::generic_category());
    std::fclose(first);
    return;
  }
  ec = std::error_code();
}

[[noreturn]] void raise(const std::error_code &ec) {
  throw std::system_error(ec);
}

inline void throwIfSet(const std::error_code &ec) {
  if (ec)
    raise(ec);
}

void pairUp(std::FILE *first, std::FILE *second) {
  std::error_code ec;
  pairUp(first, second, ec);
  throwIfSet(ec);
}

void checked(std::FILE *first, std::FILE *second) {
  std::error_code ec;
  pairUp(first, second, ec);
  if (ec)
    return;
  std::fputs("ready\n", first);
}

void throwing(std::FILE *first, std::FILE *second) {
  pairUp(first, second);
  std::fputs("ready\n", first);
}

void ignored(std::FILE *first, std::FILE *second) {
  std::error_code ec;
  pairUp(first, second, ec);
  // CHECK: failure-out-params.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'first' that may have been closed [errlint-use-after-close]
  std::fputs("ready\n", first);
}

// On the failure path the object is closed.
void onFailure(std::FILE *first, std::FILE *second) {
  std::error_code ec;
  pairUp(first, second, ec);
  if (ec)
    // CHECK: failure-out-params.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'first' after it was closed [errlint-use-after-close]
    std::fputs("failed\n", first);
}

// A helper whose close may throw closes once on its way out, not twice
// (the state after the call already holds its close): asio's
// descriptor_ops::close.
void noteError(std::error_code &ec, bool failed) {
  ec = failed ? std::error_code(errno, std::generic_category())
              : std::error_code();
}
int closeOrRetry(int d, std::error_code &ec) {
  int result = 0;
  if (d != -1) {
    result = ::close(d);
    noteError(ec, result < 0);
  }
  return result;
}
std::error_code release(int fd) {
  std::error_code ignored;
  closeOrRetry(fd, ignored);
  return ignored;
}
