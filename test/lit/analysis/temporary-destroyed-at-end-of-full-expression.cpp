// A temporary of a class whose destructor closes the descriptor its
// constructor was given (`Cursor(fd).header()`) is destroyed at the end of
// the full expression: the descriptor is closed from there on, so a later
// read is a use after close and a later close a second close. A temporary
// that only borrows the descriptor, one a reference keeps alive to the end of
// its scope, and one moved into a container by a move constructor that lets
// go of it close nothing there.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>
#include <utility>
#include <vector>

class CoreCursor {
public:
  explicit CoreCursor(int fd) : fd_(fd) {}
  CoreCursor(const CoreCursor &) = delete;
  ~CoreCursor() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int header() const {
    int h = 0;
    ::pread(fd_, &h, sizeof h, 0);
    return h;
  }

private:
  int fd_;
};

class CoreView {
public:
  explicit CoreView(int fd) : fd_(fd) {}
  ~CoreView() {}
  int header() const {
    int h = 0;
    ::pread(fd_, &h, sizeof h, 0);
    return h;
  }

private:
  int fd_;
};

class CoreHandle {
public:
  explicit CoreHandle(int fd) : fd_(fd) {}
  CoreHandle(CoreHandle &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  ~CoreHandle() {
    if (fd_ >= 0)
      ::close(fd_);
  }

private:
  int fd_;
};

int readThenLoad(int fd) {
  int h = CoreCursor(fd).header();
  int body = 0;
  // CHECK: [[@LINE+1]]:3: warning: call to 'pread' on 'fd' that may have been closed [errlint-use-after-close]
  ::pread(fd, &body, sizeof body, 4);
  return h + body;
}

int headerThenClose(int fd) {
  int h = CoreCursor(fd).header();
  // CHECK: [[@LINE+1]]:3: warning: 'close' closes 'fd' that may already have been closed [errlint-double-close]
  ::close(fd);
  return h;
}

int viewThenClose(int fd) {
  int h = CoreView(fd).header();
  ::close(fd);
  return h;
}

int keptByReference(int fd) {
  const CoreCursor &c = CoreCursor(fd);
  int body = 0;
  ::pread(fd, &body, sizeof body, 4);
  return c.header() + body;
}

void movedIntoRack(std::vector<CoreHandle> &rack, int fd) {
  rack.push_back(CoreHandle(fd));
  ::write(fd, "x", 1);
}
