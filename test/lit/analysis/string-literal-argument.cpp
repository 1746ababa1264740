// A string literal passed to a function that tests its parameter against
// literals (`if (reply == "OK") return true;`) is known there: the close
// past the test does not run for `logon("OK")`, and does for any other
// reply. The same holds where the callee is also a method of the class's
// inferred protocol (`logon()` reopening it).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <string>

struct Router {
  FILE *wire_ = nullptr;
  bool logon(const std::string &reply) {
    if (reply == "OK")
      return true;
    std::fclose(wire_);
    return true;
  }
  void send() { std::fputs("order\n", wire_); }
};

void accepted(Router &r) {
  r.logon("OK");
  r.send();
}

void refused(Router &r) {
  r.logon("REJECT");
  r.send();
  // CHECK: string-literal-argument.cpp:[[@LINE-1]]:5: warning: call to 'send' uses 'r.wire_' after it was closed
}

class Desk {
public:
  void setWire(FILE *w) { wire_ = w; }
  bool logon(const std::string &reply);
  void route() {
    if (!active_)
      throw 1;
    std::fputs("route\n", active_);
  }
  void logout() { active_ = nullptr; }

private:
  FILE *wire_ = nullptr;
  FILE *active_ = nullptr;
};

bool Desk::logon(const std::string &reply) {
  std::fputs("logon\n", wire_);
  if (reply == "35=A") {
    active_ = wire_;
    return true;
  }
  std::fclose(wire_);
  return false;
}

void twoDesks(FILE *venue) {
  Desk a, b;
  a.setWire(venue);
  b.setWire(venue);
  if (!a.logon("35=A") || !b.logon("35=A"))
    return;
  a.route();
  b.route();
}
