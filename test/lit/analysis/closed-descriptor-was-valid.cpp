// A descriptor that was closed held a valid one: a later close guarded by
// `fd >= 0` closes it again on the paths where the first close ran, even
// when that close was made on some paths only (after a successful fsync).
// A close that resets the member, or a guard the close cannot satisfy, is
// quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <unistd.h>

class IndexOut {
public:
  explicit IndexOut(const char *Path) : Fd(::open(Path, O_WRONLY)) {}
  ~IndexOut() {
    if (Fd >= 0)
      ::close(Fd);
    // CHECK: closed-descriptor-was-valid.cpp:[[@LINE-1]]:7: warning: 'close' closes 'Idx.Fd' that may already have been closed [errlint-double-close]
  }
  bool finish() {
    if (::fsync(Fd) != 0)
      return false;
    return ::close(Fd) == 0;
  }
  bool finishAndForget() {
    if (::fsync(Fd) != 0)
      return false;
    const int Rc = ::close(Fd);
    Fd = -1;
    return Rc == 0;
  }

private:
  int Fd;
};

bool writeIndex(const char *Path) {
  IndexOut Idx(Path);
  return Idx.finish();
}

bool writeIndexForgetting(const char *Path) {
  IndexOut Idx2(Path);
  return Idx2.finishAndForget();
}

void closeTwiceMaybe(const char *Path, bool Flush) {
  int Fd = ::open(Path, O_RDONLY);
  if (Flush)
    ::close(Fd);
  if (Fd >= 0)
    ::close(Fd);
  // CHECK: closed-descriptor-was-valid.cpp:[[@LINE-1]]:5: warning: 'close' closes 'Fd' that may already have been closed [errlint-double-close]
}
