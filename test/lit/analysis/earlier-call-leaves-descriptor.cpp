// A method that closes a descriptor member on some paths and records it in a
// flag of the class's own (`::close(readerFd_); readerOnline_ = false;`)
// leaves it closed for the methods called after it: one that closes it again
// without asking the flag is a second close; one that asks, or that closes
// only where an atomic flag it exchanges says it was still running
// (`if (!running_.exchange(false)) return;`), is not. A descriptor closed
// with no flag recording it is not assumed to stay closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <unistd.h>

class EclTapRelay {
public:
  explicit EclTapRelay(int Fd) : ReaderFd(Fd) {}
  void pumpOnce() {
    if (!ReaderOnline)
      return;
    char Buf[64];
    if (::read(ReaderFd, Buf, sizeof Buf) == 0) {
      ::close(ReaderFd);
      ReaderOnline = false;
    }
  }
  void shutdownAll() {
    // CHECK: earlier-call-leaves-descriptor.cpp:[[@LINE+1]]:5: warning: 'close' closes 'ReaderFd' that may already have been closed
    ::close(ReaderFd);
    ReaderOnline = false;
  }
  void shutdownChecked() {
    if (ReaderOnline)
      ::close(ReaderFd);
    ReaderOnline = false;
  }

private:
  int ReaderFd;
  bool ReaderOnline = true;
};

class EclGateway {
public:
  explicit EclGateway(int Fd) : ListenFd(Fd) {}
  ~EclGateway() { stop(); }
  void stop() {
    if (!Running.exchange(false))
      return;
    ::close(ListenFd);
  }

private:
  int ListenFd;
  std::atomic<bool> Running{true};
};

class EclProbe {
public:
  explicit EclProbe(int Fd) : Fd(Fd) {}
  void sample() {
    char B;
    if (::read(Fd, &B, 1) < 0)
      ::close(Fd);
  }
  void finish() { ::close(Fd); }

private:
  int Fd;
};
