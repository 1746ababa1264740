// A callee that closes an object a second time itself reports that close
// (here, the destructor of a listener whose stop() already closed its
// descriptor). A caller that closed it before the call meets the same second
// close: it is reported once, inside the callee, not again from each caller.
// A callee that closes only once still gives its callers their own finding.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <unistd.h>

class DupListener {
public:
  explicit DupListener(int fd) : fd_(fd) {}
  ~DupListener() {
    if (fd_ >= 0)
      // CHECK: callee-reports-second-close.cpp:[[@LINE+1]]:7: warning: 'close' closes 'listener_.fd_' a second time
      ::close(fd_);
  }
  void stop() { ::close(fd_); }

private:
  int fd_;
};

class DupServer {
public:
  explicit DupServer(int fd) : listener_(fd) {}
  // Closes the descriptor, then its member's destructor closes it again.
  ~DupServer() { listener_.stop(); }
  void shutdown() { listener_.stop(); }

private:
  DupListener listener_;
};

void runServer(int fd) {
  DupServer server(fd);
  server.shutdown();
}

void closeOnce(int fd) { ::close(fd); }

void closesTwice(int fd) {
  ::close(fd);
  // CHECK: callee-reports-second-close.cpp:[[@LINE+1]]:3: warning: 'close' closes 'fd' a second time
  ::close(fd);
}

void callerClosesFirst(int fd) {
  ::close(fd);
  // CHECK: callee-reports-second-close.cpp:[[@LINE+1]]:3: warning: 'closeOnce' closes 'fd' a second time
  closeOnce(fd);
}

void callerBeforeTwice(int fd) {
  ::close(fd);
  closesTwice(fd);
}

class CrsChannel {
public:
  void close() {
    if (closed_)
      throw std::logic_error("channel closed twice");
    closed_ = true;
  }
  bool isClosed() const { return closed_; }

private:
  bool closed_ = false;
};

void drainThenClose(CrsChannel &c) {
  if (!c.isClosed())
    c.close();
  // CHECK: callee-reports-second-close.cpp:[[@LINE+1]]:5: warning: 'close' closes 'c' that may already have been closed
  c.close();
}

void callerClosesChannelFirst(CrsChannel &c) {
  c.close();
  // CHECK: callee-reports-second-close.cpp:[[@LINE+1]]:3: warning: 'drainThenClose' closes 'c' a second time
  drainThenClose(c);
}
