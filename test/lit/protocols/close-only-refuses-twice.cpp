// A class with no use that fails once closed still has a protocol when its
// close refuses to run twice by its own code: hangup() throws "released
// twice" when there is no session, so a second hangup() is a double close,
// also when two public calls of an owner each hang the member up, or a
// helper hangs up before it dials again. A start() that throws when called
// twice is not a close, and a release() that returns early when already
// released is idempotent.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST --implicit-check-not=OneShotStarter --implicit-check-not=LeaseQuiet
#include <stdexcept>
#include <string>

class LeaseSession {
public:
  void dial(const std::string &Apn) {
    apn_ = Apn;
    up_ = true;
  }
  void hangup() {
    if (!up_)
      throw std::logic_error("lease on " + apn_ + " released twice");
    up_ = false;
  }

private:
  std::string apn_;
  bool up_ = false;
};

// LIST: LeaseSession: closed when 'up_' is not set
// LIST-NEXT: close hangup() {{.*}}throws "lease on ... released twice" when 'up_' is not set
// LIST-NEXT: reopen dial()

class DialupGateway {
public:
  DialupGateway() { link_.dial("apn.example"); }
  void onLinkError() { link_.hangup(); }
  void redial() {
    link_.hangup();
    link_.dial("apn.example");
  }
  void shutdown() { link_.hangup(); }

private:
  LeaseSession link_;
};

class OneShotStarter {
public:
  void start() {
    if (running_)
      throw std::logic_error("already started");
    running_ = true;
  }

private:
  bool running_ = false;
};

class LeaseQuiet {
public:
  void acquire() { held_ = true; }
  void release() {
    if (!held_)
      return;
    held_ = false;
  }

private:
  bool held_ = false;
};

void twice() {
  LeaseSession S;
  S.dial("apn.example");
  S.hangup();
  S.hangup();
  // CHECK: [[@LINE-1]]:5: warning: 'hangup' closes 'S' a second time [errlint-double-close]
}

void redialed() {
  LeaseSession S;
  S.dial("apn.example");
  S.hangup();
  S.dial("apn.example");
  S.hangup();
}

void acrossCalls() {
  DialupGateway G;
  G.onLinkError();
  G.shutdown();
  // CHECK: [[@LINE-1]]:5: warning: 'shutdown' closes 'G.link_' a second time [errlint-double-close]
}

// redial() hangs up before it dials again: after onLinkError() that hangup
// is the second one; after it, shutdown() hangs up an open link.
void redialAfterError() {
  DialupGateway G;
  G.onLinkError();
  G.redial();
  // CHECK: [[@LINE-1]]:5: warning: 'redial' closes 'G.link_' a second time [errlint-double-close]
}

void redialThenShutdown() {
  DialupGateway G;
  G.redial();
  G.shutdown();
}

// A helper that hangs up and dials again leaves the caller's session open,
// but its hangup is a second one after the caller's own.
void reconnect(LeaseSession &S) {
  S.hangup();
  S.dial("apn.example");
}

void reconnectAfterHangup() {
  LeaseSession S;
  S.dial("apn.example");
  S.hangup();
  reconnect(S);
  // CHECK: [[@LINE-1]]:3: warning: 'reconnect' closes 'S' a second time [errlint-double-close]
  S.hangup();
}

void startedTwice() {
  OneShotStarter O;
  O.start();
  O.start();
}

void releasedTwice() {
  LeaseQuiet L;
  L.acquire();
  L.release();
  L.release();
}
