// `if (interrupted(rc)) close(fd);` where `interrupted` is one return of a
// test of its int parameter (`rc == -1 && errno == EINTR`): where it is
// true the first close failed, so the retry is no second close. A helper
// that is true where the close succeeded (`rc == 0`) makes the next close
// a second one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <unistd.h>

static bool interrupted(int rc) { return rc == -1 && errno == EINTR; }
static bool succeeded(int rc) { return rc == 0; }

void retryInterrupted(int fd) {
  int rc = ::close(fd);
  if (interrupted(rc))
    ::close(fd);
}

void closeAgainWhenDone(int fd) {
  int rc = ::close(fd);
  if (succeeded(rc))
    // CHECK: close-result-helper-predicate.cpp:[[@LINE+1]]:5: warning: 'close' closes 'fd' a second time [errlint-double-close]
    ::close(fd);
}

void retryUnlessDone(int fd) {
  int rc = ::close(fd);
  if (!succeeded(rc))
    ::close(fd);
}
