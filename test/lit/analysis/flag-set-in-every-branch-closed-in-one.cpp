// A method that closes its member in one branch and sets the state flag in
// every branch (`close(); phase_ = Released;` on the abort path, `phase_ =
// Conning;` on the other): wherever it closed, the flag holds what the
// closing branch set, whatever the flag's value on every return. A later
// method that returns early in that state does not use the closed member;
// one whose test lets that state through does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class BerthLink {
public:
  void send(const std::string &line) {
    if (!open_)
      throw std::runtime_error("berth link closed: " + line);
    sent_ += line.size();
  }
  void close() { open_ = false; }

private:
  bool open_ = true;
  std::size_t sent_ = 0;
};

enum class Boarding { Approaching, Aboard, Conning, Released };

class PilotTransfer {
public:
  void board(bool aborted) {
    if (phase_ != Boarding::Aboard)
      return;
    if (aborted) {
      link_.close();
      phase_ = Boarding::Released;
    } else {
      phase_ = Boarding::Conning;
    }
  }
  void heartbeat() {
    if (phase_ == Boarding::Approaching || phase_ == Boarding::Released)
      return;
    link_.send("hb");
  }
  void report() {
    if (phase_ == Boarding::Approaching)
      return;
    link_.send("report");
  }

private:
  BerthLink link_;
  Boarding phase_ = Boarding::Approaching;
};

void boardQuietly(PilotTransfer &t, bool aborted) {
  t.board(aborted);
  t.heartbeat();
}

void rounds(PilotTransfer &t, const bool *aborts, int n) {
  for (int i = 0; i < n; ++i) {
    t.board(aborts[i]);
    t.heartbeat();
  }
}

void reported(PilotTransfer &t, bool aborted) {
  t.board(aborted);
  // CHECK: flag-set-in-every-branch-closed-in-one.cpp:[[@LINE+1]]:5: warning: call to 'report' uses 't.link_' that may have been closed
  t.report();
}
// CHECK-NOT: warning:
