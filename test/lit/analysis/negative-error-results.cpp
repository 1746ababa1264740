// A helper that closes the descriptor only on its failure paths and returns
// `-errno` there (0 otherwise) closes it only where its result is negative:
// past `if (rc < 0) throw ...;` the caller holds it open. A caller that does
// not look at the result, or looks only for a positive one, may use a closed
// descriptor.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

static int nerListenOn(int Fd, int Backlog) {
  if (::listen(Fd, Backlog) != 0) {
    const int Err = errno;
    ::close(Fd);
    return -Err;
  }
  return 0;
}

void nerChecked(int Fd) {
  const int Rc = nerListenOn(Fd, 128);
  if (Rc < 0)
    throw std::runtime_error("listen");
  ::fcntl(Fd, F_SETFL, O_NONBLOCK);
  ::close(Fd);
}

void nerUnchecked(int Fd) {
  nerListenOn(Fd, 128);
  // CHECK: negative-error-results.cpp:[[@LINE+1]]:3: warning: call to 'fcntl' on 'Fd' that may have been closed
  ::fcntl(Fd, F_SETFL, O_NONBLOCK);
}

void nerWrongSign(int Fd) {
  if (nerListenOn(Fd, 128) > 0)
    return;
  // CHECK: negative-error-results.cpp:[[@LINE+1]]:3: warning: call to 'fcntl' on 'Fd' that may have been closed
  ::fcntl(Fd, F_SETFL, O_NONBLOCK);
}
