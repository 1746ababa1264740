// A helper that closes only when the object's own query says it is open
// (`if (c.closed()) return; c.close();`) does not close twice after the
// caller closed it: the caller's close set the flag the query reads, so
// what the caller knew of the flag before its close no longer holds.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
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
