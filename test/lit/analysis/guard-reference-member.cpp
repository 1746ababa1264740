// A guard that refers to its owner's descriptor (`int &fd`) and, when it
// goes, closes it and sets it to -1 leaves the owner's member at -1 on every
// path: the owner's destructor, which closes only a descriptor >= 0, closes
// nothing a second time. A guard that closes without clearing does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>

struct GrmAdopted {
  int &fd;
  ~GrmAdopted() {
    if (fd >= 0) {
      ::close(fd);
      fd = -1;
    }
  }
};

struct GrmLeaky {
  int &fd;
  ~GrmLeaky() {
    if (fd >= 0)
      ::close(fd);
  }
};

class GrmChild {
public:
  ~GrmChild() {
    if (stdinFd_ >= 0)
      // CHECK: guard-reference-member.cpp:[[@LINE+1]]:7: warning: 'close' closes 'leaky.stdinFd_' that may already have been closed
      ::close(stdinFd_);
  }
  void adopt(int fd) { stdinFd_ = fd; }
  bool spawn(bool fail) {
    GrmAdopted adopted{stdinFd_};
    int p[2];
    if (::pipe(p) == 0) {
      ::close(p[0]);
      ::close(p[1]);
    }
    return !fail;
  }
  bool spawnLeaky(bool fail) {
    GrmLeaky adopted{stdinFd_};
    int p[2];
    if (::pipe(p) == 0) {
      ::close(p[0]);
      ::close(p[1]);
    }
    return !fail;
  }

private:
  int stdinFd_ = -1;
};

int runChild(int fd, bool fail) {
  if (fd < 0)
    return 0;
  GrmChild child;
  child.adopt(fd);
  return child.spawn(fail) ? 1 : 0;
}

int runLeaky(int fd, bool fail) {
  if (fd < 0)
    return 0;
  GrmChild leaky;
  leaky.adopt(fd);
  return leaky.spawnLeaky(fail) ? 1 : 0;
}
