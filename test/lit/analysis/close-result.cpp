// A close whose result reports a failure may not have closed: on the paths
// that test the result and find a failure, the object is not known closed.
// Not fclose(): C says the stream is disassociated whether or not the call
// succeeds, so a use or a second fclose() on its failure path is a bug.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <cstdio>
#include <unistd.h>

// Negative: the retry idioms for EINTR / EAGAIN.
void retryOnce(int Fd) {
  if (::close(Fd) != 0 && errno == EINTR)
    ::close(Fd);
}
void retryThroughVariable(int Fd) {
  const int Rc = ::close(Fd);
  if (Rc == -1 && errno == EINTR)
    (void)::close(Fd);
}
void retryLoop(int Fd) {
  while (::close(Fd) == -1 && errno == EINTR) {
  }
}
void retryDoWhile(int Fd) {
  int Rc;
  do {
    Rc = ::close(Fd);
  } while (Rc == -1 && errno == EINTR);
}
void reportFailure(FILE *F) {
  if (fclose(F) == EOF)
    // CHECK: close-result.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'F' after it was closed
    fputs("close failed\n", F);
}
void retryFclose(FILE *F) {
  if (fclose(F) != 0)
    // CHECK: close-result.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'F' a second time
    fclose(F);
}

// Positive: closing again whatever the first close returned, and a use on
// the path where the close succeeded.
void closeLogged(int Fd) {
  if (::close(Fd) != 0)
    perror("close");
  // CHECK: close-result.cpp:[[@LINE+1]]:3: warning: 'close' closes 'Fd' that may already have been closed
  ::close(Fd);
}
void writeAfterSuccess(FILE *F) {
  if (fclose(F) != 0)
    return;
  // CHECK: close-result.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'F' after it was closed
  fputs("x", F);
}
