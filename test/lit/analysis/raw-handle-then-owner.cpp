// A handle closed by hand through its owner's get() is closed again when
// the owner is destroyed: a RAII class whose destructor closes through a
// member function (`~OwnedFd() { reset(); }`), or a unique_ptr whose
// deleter closes only what is not null (`if (fp) fclose(fp);`: a stream
// fclose() was given was not null). A handle given away with release(),
// or an owner that was never closed by hand, closes once.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

class OwnedFd {
public:
  explicit OwnedFd(int Fd) noexcept : Fd(Fd) {}
  ~OwnedFd() { reset(); }
  int get() const noexcept { return Fd; }
  int release() noexcept {
    int Out = Fd;
    Fd = -1;
    return Out;
  }
  void reset(int Next = -1) noexcept {
    if (Fd >= 0)
      ::close(Fd);
    // CHECK: raw-handle-then-owner.cpp:[[@LINE-1]]:7: warning: 'close' closes 'Fd.Fd' a second time [errlint-double-close]
    // CHECK: raw-handle-then-owner.cpp:[[@LINE-2]]:7: warning: 'close' closes 'Fd.Fd' that may already have been closed [errlint-double-close]
    Fd = Next;
  }

private:
  int Fd = -1;
};

void closedByHandThenDestroyed(const char *Path) {
  OwnedFd Fd(::open(Path, O_RDONLY));
  if (Fd.get() < 0)
    return;
  ::fsync(Fd.get());
  ::close(Fd.get());
}

void closedOnOneBranch(const char *Path, bool Unusable) {
  OwnedFd Fd(::open(Path, O_RDONLY));
  if (Fd.get() < 0)
    return;
  if (Unusable)
    ::close(Fd.get());
}

void rawCopyAfterScope(const char *Path) {
  int Raw = -1;
  {
    OwnedFd Out(::open(Path, O_WRONLY));
    if (Out.get() < 0)
      return;
    Raw = Out.get();
  }
  ::fsync(Raw);
  // CHECK: raw-handle-then-owner.cpp:[[@LINE-1]]:3: warning: call to 'fsync' on 'Raw' after it was closed [errlint-use-after-close]
}

void handedOver(const char *Path) {
  OwnedFd Fd(::open(Path, O_RDONLY));
  if (Fd.get() < 0)
    return;
  ::close(Fd.release());
}

void neverClosedByHand(const char *Path) {
  OwnedFd Fd(::open(Path, O_RDONLY));
  ::fsync(Fd.get());
}

struct StreamCloser {
  void operator()(std::FILE *Fp) const {
    if (Fp)
      std::fclose(Fp);
    // CHECK: raw-handle-then-owner.cpp:[[@LINE-1]]:7: warning: 'fclose' closes 'Out' a second time [errlint-double-close]
  }
};
using StreamPtr = std::unique_ptr<std::FILE, StreamCloser>;

bool summaryClosedTwice(const char *Path) {
  StreamPtr Out(std::fopen(Path, "w"));
  if (!Out)
    return false;
  std::fputs("total\n", Out.get());
  if (std::fclose(Out.get()) != 0)
    return false;
  return true;
}

std::FILE *streamHandedOver(const char *Path) {
  StreamPtr Out(std::fopen(Path, "w"));
  if (!Out)
    return nullptr;
  std::fputs("header\n", Out.get());
  return Out.release();
}

void streamNeverClosedByHand(const char *Path) {
  StreamPtr Out(std::fopen(Path, "w"));
  if (!Out)
    return;
  std::fputs("header\n", Out.get());
}

/// Closes a stream that may be null: the caller's stream, once fclose()d,
/// was not null.
static void closeQuietly(std::FILE *Fp) {
  if (Fp)
    std::fclose(Fp);
}

void closedThenClosedQuietly(const char *Path) {
  std::FILE *Fp = std::fopen(Path, "r");
  if (!Fp)
    return;
  std::fclose(Fp);
  closeQuietly(Fp);
  // CHECK: raw-handle-then-owner.cpp:[[@LINE-1]]:3: warning: 'closeQuietly' closes 'Fp' a second time [errlint-double-close]
}

void closedThenCleared(const char *Path) {
  std::FILE *Fp = std::fopen(Path, "r");
  if (!Fp)
    return;
  std::fclose(Fp);
  Fp = nullptr;
  closeQuietly(Fp);
}

void closedQuietlyOnce(const char *Path) {
  std::FILE *Fp = std::fopen(Path, "r");
  closeQuietly(Fp);
  closeQuietly(nullptr);
}
