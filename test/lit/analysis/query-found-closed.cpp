// Where the code's own query found the object closed, a use is a use after
// close: `if (!link.isClosed()) return; link.send(...)` (a guard inverted
// by mistake) sends only on a closed link. The query is not a close: a
// function that only asks does not tell its callers it closed anything,
// and a reopen on that path, or a use on the other one, is fine. A local
// holding an earlier answer is not taken as proof (it may be stale).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class StandbyLink {
public:
  void send(const std::string &Frame) {
    if (Closed)
      throw std::runtime_error("standby link closed");
    Last = Frame;
  }
  void close() { Closed = true; }
  void reconnect() { Closed = false; }
  bool isClosed() const { return Closed; }

private:
  bool Closed = false;
  std::string Last;
};

void notifyShutdown(StandbyLink &L) {
  if (!L.isClosed())
    return;
  // CHECK: query-found-closed.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'L' after it was closed [errlint-use-after-close]
  L.send("SHUTDOWN");
  // CHECK: query-found-closed.cpp:[[@LINE-4]]:10: note: 'L' is closed on this path: 'isClosed' found it closed here
}

void eitherWay(StandbyLink &L, bool Busy) {
  if (Busy || L.isClosed()) {
    // CHECK: query-found-closed.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'L' that may have been closed [errlint-use-after-close]
    L.send("BUSY");
  }
}

bool closedAlready(StandbyLink &L) {
  if (L.isClosed())
    return true;
  return false;
}

void askThenSend(StandbyLink &L) {
  if (closedAlready(L))
    L.reconnect();
  L.send("HELLO");
  closedAlready(L);
  L.send("AGAIN");
}

void reconnectFirst(StandbyLink &L) {
  if (L.isClosed()) {
    L.reconnect();
    L.send("RESYNC");
  }
}

void staleAnswer(StandbyLink &L, bool Drop) {
  const bool WasClosed = L.isClosed();
  if (Drop)
    L.reconnect();
  if (WasClosed)
    L.send("MAYBE");
}
