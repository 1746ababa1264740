// A close whose own code closes only where it returns true (`bool close()`
// refusing while frames await acknowledgement) leaves the object open where
// it returned false, under every profile of the class: CoitUplinkChannel matches
// the catalogue's `*Channel` pattern, CoitSpool is known only by its own code.
// Where the result was true, or was not looked at (as for a descriptor's
// close), the object is closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <deque>
#include <stdexcept>
#include <string>

class CoitUplinkChannel {
public:
  void send(const std::string &Frame) {
    if (Closed)
      throw std::logic_error("uplink closed");
    Unacked.push_back(Frame);
  }
  void pollAcks() {
    if (!Closed && !Unacked.empty())
      Unacked.pop_front();
  }
  bool close() {
    if (Closed)
      return true;
    if (!Unacked.empty())
      return false;
    Closed = true;
    return true;
  }

private:
  std::deque<std::string> Unacked;
  bool Closed = false;
};

class CoitSpool {
public:
  void append(const std::string &Line) {
    if (Sealed)
      throw std::logic_error("spool sealed");
    Lines.push_back(Line);
  }
  bool seal() {
    if (Lines.size() > 100)
      return false;
    Sealed = true;
    return true;
  }

private:
  std::deque<std::string> Lines;
  bool Sealed = false;
};

void coitKeepAlive(CoitUplinkChannel &Ch) {
  if (!Ch.close())
    Ch.send("NOOP");
}

void coitDrain(CoitUplinkChannel &Ch) {
  while (!Ch.close())
    Ch.pollAcks();
}

void coitClosedWhenTrue(CoitUplinkChannel &Ch) {
  if (Ch.close())
    // CHECK: close-only-if-true.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'Ch' after it was closed
    Ch.send("after a close that succeeded");
}

void coitResultIgnored(CoitUplinkChannel &Ch) {
  Ch.close();
  // CHECK: close-only-if-true.cpp:[[@LINE+1]]:6: warning: call to 'send' on 'Ch' after it was closed
  Ch.send("result not looked at");
}

void coitOverflow(CoitSpool &S) {
  bool Sealed = S.seal();
  if (!Sealed) {
    S.append("coitOverflow");
    return;
  }
  // CHECK: close-only-if-true.cpp:[[@LINE+1]]:5: warning: call to 'append' on 'S' after it was closed
  S.append("late");
}
