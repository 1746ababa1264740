// Telemetry from a cutter-suction dredger's spoil pipe to the shore office.
// Density and flow readings go out on a replication channel; the reporter
// checks the channel's state before each send in the usual ways (IsClosed()
// with a busy flag, a drain loop on !IsClosed(), a switch on state(), a query
// kept in a local). When the pump stops, the reporter closes the channel and
// then decides whether to send a stop frame from connected() read before the
// close.
#include "replication.h"

#include <cstdio>
#include <deque>
#include <string>

namespace {
std::string frame(const char *kind, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s=%.3f", kind, value);
  return buf;
}
} // namespace

class SpoilPipeReporter {
public:
  explicit SpoilPipeReporter(const std::string &shore) : ch_(shore) {}

  void onDensity(double tonnesPerM3) {
    if (ch_.IsClosed() || busy_)
      return;
    ch_.send(frame("density", tonnesPerM3)); // OK
  }

  void onFlow(double m3PerS) {
    if (busy_ || ch_.IsClosed()) {
      backlog_.push_back(frame("flow", m3PerS));
      return;
    }
    ch_.send(frame("flow", m3PerS)); // OK
  }

  void drainBacklog() {
    busy_ = true;
    while (!ch_.IsClosed() && !backlog_.empty()) {
      ch_.send(backlog_.front()); // OK
      backlog_.pop_front();
    }
    busy_ = false;
  }

  void onLinkEvent() {
    switch (ch_.state()) {
    case repl::LinkState::Open:
      ch_.flush(); // OK
      break;
    case repl::LinkState::Draining:
      drainBacklog();
      break;
    case repl::LinkState::Connecting:
    case repl::LinkState::Closed:
      break;
    }
  }

  void endShift(double cumulativeTonnes) {
    const bool closed = ch_.IsClosed();
    if (!closed) {
      ch_.send(frame("shift_total", cumulativeTonnes)); // OK
      ch_.close();
    }
  }

  void pumpStopped(double lastDensity) {
    const bool wasConnected = ch_.connected();
    ch_.close();
    backlog_.clear();
    if (wasConnected)
      ch_.send(frame("pump_stop", lastDensity)); // BUG: use-after-close
  }

private:
  repl::ReplicationChannel ch_;
  std::deque<std::string> backlog_;
  bool busy_ = false;
};
