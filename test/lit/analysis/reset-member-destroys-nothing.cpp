// A smart pointer member that is reset destroys its object then, on what is
// known of it (a descriptor stop() closed is closed again by the destructor
// the reset runs), and holds nothing afterwards: destroying its owner later
// runs no destructor through it, so the end of the owner's scope is not a
// second close. A member that still holds its object is destroyed with the
// owner, and its destructor's close is a second one there.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <unistd.h>

struct RmdListener {
  int fd_;
  void stop() { ::close(fd_); }
  ~RmdListener() {
    // CHECK: reset-member-destroys-nothing.cpp:[[@LINE+1]]:5: warning: 'close' closes 'gw.listener_.fd_' a second time
    ::close(fd_);
  }
};

struct RmdGateway {
  std::unique_ptr<RmdListener> listener_;
};

struct RmdAcceptor {
  int fd_;
  void stop() { ::close(fd_); }
  ~RmdAcceptor() {
    // CHECK: reset-member-destroys-nothing.cpp:[[@LINE+1]]:5: warning: 'close' closes 'px.acceptor_.fd_' a second time
    ::close(fd_);
  }
};

struct RmdProxy {
  std::unique_ptr<RmdAcceptor> acceptor_;
};

// The reset destroys the acceptor, closing again; the proxy's end destroys
// nothing.
void resetThenLeave() {
  RmdProxy px;
  px.acceptor_->stop();
  px.acceptor_.reset();
  // CHECK: note: it closes it again here, where 'px.acceptor_' is reset
}

// Reset before any close: one close, and nothing at the end of the scope.
void resetOnly() {
  RmdProxy px;
  px.acceptor_.reset();
}

// The listener is still held when the gateway goes: its destructor closes
// what stop() closed.
void stopThenLeave() {
  RmdGateway gw;
  gw.listener_->stop();
}
