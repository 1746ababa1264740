// Descriptors kept in a C array (`int fds[2]` of pipe()): the element at a
// literal index, or at a variable's while it is unchanged, is one object,
// also through a helper given the array as a pointer.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <unistd.h>

void closeBoth(int fds[2]) {
  ::close(fds[0]);
  ::close(fds[1]);
}

void writeAfterClose(const char *msg) {
  int fds[2];
  if (::pipe(fds) != 0)
    return;
  ::close(fds[1]);
  // CHECK: array-elements.cpp:[[@LINE+1]]:3: warning: call to 'dprintf' on 'fds[1]' after it was closed
  ::dprintf(fds[1], "%s\n", msg);
  ::close(fds[0]);
}

void otherEnd(const char *msg) {
  int fds[2];
  if (::pipe(fds) != 0)
    return;
  ::close(fds[0]);
  ::write(fds[1], msg, 1); // OK: the write end is open
  ::close(fds[1]);
}

void helperClosesBoth() {
  int fds[2];
  if (::pipe(fds) != 0)
    return;
  closeBoth(fds);
  // CHECK: array-elements.cpp:[[@LINE+3]]:3: warning: 'close' closes 'fds[0]' a second time
  // The note names the close of fds[0] inside closeBoth(), not of fds[1].
  // CHECK: array-elements.cpp:9:3: note: 'closeBoth' closes it here
  ::close(fds[0]);
}

void freshPipe(const char *msg) {
  int fds[2];
  if (::pipe(fds) != 0)
    return;
  closeBoth(fds);
  if (::pipe(fds) != 0) // a new pair in the same array
    return;
  ::write(fds[1], msg, 1); // OK
  closeBoth(fds);
}
