// A helper that closes only when the object's own query says it is open
// (`if (c.closed()) return; c.close();`) does not close twice after the
// caller closed it: the caller's close set the flag the query reads, so
// what the caller knew of the flag before its close no longer holds.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>

class Session {
public:
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("session closed");
    last_ = line;
  }
  void close() {
    if (closed_)
      throw std::runtime_error("session already closed");
    closed_ = true;
  }
  bool closed() const { return closed_; }
  bool isOpen() const { return !closed_; }

private:
  std::string last_;
  bool closed_ = false;
};

void endSession(Session &s, bool idle) {
  if (s.closed())
    return;
  if (idle)
    s.send("idle timeout"); // OK: open here
  s.close();
}

void closeUnguarded(Session &s) { s.close(); }

void quitThenEnd() {
  Session s;
  s.send("bye");
  s.close();
  endSession(s, true); // OK: endSession() sees it closed and returns
}

void quitThenCloseAgain() {
  Session s;
  s.close();
  // CHECK: guarded-close-in-callee.cpp:[[@LINE+1]]:3: warning: 'closeUnguarded' closes 's' a second time
  closeUnguarded(s);
}

void endThenSend() {
  Session s;
  endSession(s, false);
  // CHECK: guarded-close-in-callee.cpp:[[@LINE+1]]:5: warning: call to 'send' on 's' after it was closed
  s.send("late");
}

// The same through a pointer member the method then replaces (a reconnect
// that closes the old link only if it is open, and returns early, leaving
// it closed, when the new one cannot be made): a second reconnect after a
// failed one does not close twice. A close that does not ask first does.
bool brokerReachable();

class BrokerUplink {
public:
  bool reconnect() {
    if (link_->isOpen())
      link_->close();
    if (!brokerReachable())
      return false;
    link_ = std::make_unique<Session>();
    return true;
  }
  bool reconnectBlindly() {
    link_->close();
    if (!brokerReachable())
      return false;
    link_ = std::make_unique<Session>();
    return true;
  }

private:
  std::unique_ptr<Session> link_ = std::make_unique<Session>();
};

void retryTwice(BrokerUplink &u) {
  if (!u.reconnect())
    u.reconnect();
}

void retryBlindly(BrokerUplink &u) {
  if (!u.reconnectBlindly())
    // CHECK: guarded-close-in-callee.cpp:[[@LINE+1]]:7: warning: 'reconnectBlindly' closes 'u.link_' a second time
    u.reconnectBlindly();
}
