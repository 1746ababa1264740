// What a member denoted before a method assigned it is closed for the
// callers as the method closed it: `if (fd_ >= 0) ::close(fd_); fd_ = fd;`
// closes the old descriptor wherever the caller knows it was not negative
// (a closed descriptor was a valid one), so a caller that closed it by hand
// closes it twice. A reset() on a descriptor the caller did not close, or
// one that closes only under a flag the caller cannot know, is quiet; an
// int getter returning the member by value names the member.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>

class UniqueFd {
public:
  explicit UniqueFd(int Fd) noexcept : Fd(Fd) {}
  ~UniqueFd() { reset(); }
  int get() const noexcept { return Fd; }
  void reset(int Next = -1) noexcept {
    if (Fd >= 0)
      ::close(Fd);
    Fd = Next;
  }
  void resetIf(bool Owned, int Next) noexcept {
    if (Owned)
      ::close(Fd);
    Fd = Next;
  }

private:
  int Fd = -1;
};

void closedByHand(int A, int B) {
  UniqueFd U(A);
  ::close(U.get());
  // CHECK: prior-closes.cpp:[[@LINE+1]]:5: warning: 'reset' closes 'A' a second time
  U.reset(B);
}

void resetOnly(int A, int B) {
  UniqueFd U(A);
  U.reset(B);
  U.reset(A);
}

void ownedUnknown(int A, int B, bool Owned) {
  UniqueFd U(A);
  ::close(U.get());
  U.resetIf(Owned, B);
}

class Watcher {
public:
  void reinit(int Next) {
    ::close(Fd.get());
    // CHECK: prior-closes.cpp:[[@LINE+1]]:8: warning: 'reset' closes 'Fd.Fd' a second time
    Fd.reset(Next);
  }

private:
  UniqueFd Fd{-1};
};
