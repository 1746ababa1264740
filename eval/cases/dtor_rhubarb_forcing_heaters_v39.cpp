// Rhubarb forcing sheds: each dark shed has a heater controller on a serial
// link. A HeaterLease closes the link when it is destroyed; ScopeExit runs a
// closing lambda at the end of a scope unless dismissed. The night-cycle
// routines ramp and hold the heaters. Two of them send the "hold"/"log-off"
// command after the lease that owned the link has already been destroyed
// (the end of an inner block, an optional reset), and the row routine keeps
// sending after clearing the vector of leases, so the link is closed.
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class HeaterLink {
 public:
  explicit HeaterLink(std::string shed) : shed_(std::move(shed)) {}

  void send(const std::string& cmd) {
    if (!open_) throw std::runtime_error("heater link " + shed_ + " is closed");
    sent_.push_back(cmd);
  }

  void close() {
    if (!open_) throw std::runtime_error("heater link " + shed_ + " closed twice");
    open_ = false;
  }

  bool is_open() const { return open_; }

 private:
  std::string shed_;
  bool open_ = true;
  std::vector<std::string> sent_;
};

// Owns the link for the duration of a heating run.
class HeaterLease {
 public:
  explicit HeaterLease(HeaterLink& link) : link_(link) {}
  HeaterLease(const HeaterLease&) = delete;
  HeaterLease& operator=(const HeaterLease&) = delete;
  ~HeaterLease() { link_.close(); }

 private:
  HeaterLink& link_;
};

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ScopeExit(ScopeExit&& other) : f_(std::move(other.f_)), armed_(other.armed_) { other.armed_ = false; }
  ~ScopeExit() {
    if (armed_) f_();
  }
  void dismiss() { armed_ = false; }

 private:
  F f_;
  bool armed_ = true;
};

template <typename F>
ScopeExit<F> on_scope_exit(F f) {
  return ScopeExit<F>(std::move(f));
}

std::mutex g_shed_mu;

// The lock was meant to cover only the ramp; the lease was put in the same
// block, so the link is closed at the closing brace.
void ramp_then_hold(HeaterLink& link, int target_c) {
  {
    std::lock_guard<std::mutex> guard(g_shed_mu);
    HeaterLease lease(link);
    link.send("ramp " + std::to_string(target_c));  // OK: lease still alive
    link.send("fan low");
  }
  link.send("hold");  // BUG: use-after-close
}

// Everything happens before the closer runs at the end of the function.
void ramp_with_closer(HeaterLink& link) {
  auto closer = on_scope_exit([&link] { link.close(); });
  link.send("ramp 18");
  link.send("hold");  // OK: closer runs at return
}

// The closer is dismissed when the caller keeps the link for the next shed.
void ramp_maybe_keep(HeaterLink& link, bool keep_open) {
  auto closer = on_scope_exit([&link] { link.close(); });
  link.send("ramp 12");
  if (keep_open) closer.dismiss();
}

void frost_night(HeaterLink& link) {
  ramp_maybe_keep(link, true);
  link.send("hold");  // OK: closer was dismissed, link still open
}

// The optional lease is reset to end the run early; the log-off line was
// added afterwards by someone who thought reset() only released the lease.
void short_run(HeaterLink& link, bool sugar_target_reached) {
  std::optional<HeaterLease> lease;
  lease.emplace(link);
  link.send("ramp 16");
  if (sugar_target_reached) {
    lease.reset();
    link.send("log-off");  // BUG: use-after-close
  }
}

// One lease per shed in the row; clearing the vector destroys the leases and
// closes every link. The "vent" line was added after the clear().
void row_shutdown(std::vector<HeaterLink*>& row) {
  std::vector<std::unique_ptr<HeaterLease>> leases;
  for (HeaterLink* link : row) leases.push_back(std::make_unique<HeaterLease>(*link));
  for (HeaterLink* link : row) link->send("ramp 10");  // OK: leases still alive
  leases.clear();
  if (!row.empty()) row.front()->send("vent");  // BUG: use-after-close
}

// Two different sheds: closing the first one's link does not affect the second.
void two_sheds(HeaterLink& east, HeaterLink& west) {
  {
    HeaterLease east_lease(east);
    east.send("ramp 14");
  }
  west.send("ramp 14");  // OK: different link
  if (west.is_open()) west.send("hold");  // OK: different link, checked
}
