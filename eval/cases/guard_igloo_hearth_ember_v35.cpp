// Snow-lodge heating: each igloo's hearth has an ember probe on a small radio link.
// The probe client is checked in the usual ways before sampling: null-or-closed early
// returns, isOpen() && ..., a stored bool, a state() switch, operator bool, a helper
// returning bool, and a while (!closed()) loop. Two real mistakes: bank_fire() keeps
// reading until the loop closes the probe and then calibrates it anyway, and
// vent_check() guards on the vent probe but samples the hearth probe it just closed.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

class EmberProbe {
 public:
  enum class State { Open, Draining, Closed };

  explicit EmberProbe(std::string id) : id_(std::move(id)) {}

  double sample() {
    if (state_ == State::Closed) throw std::runtime_error("ember probe " + id_ + " closed");
    reading_ += 37.5;
    return reading_;
  }
  void calibrate() {
    if (state_ == State::Closed) throw std::runtime_error("ember probe " + id_ + " closed");
    reading_ = 0.0;
  }
  void close() { state_ = State::Closed; }

  bool closed() const { return state_ == State::Closed; }
  bool isOpen() const { return state_ != State::Closed; }
  State state() const { return state_; }
  int battery() const { return battery_; }
  explicit operator bool() const { return state_ != State::Closed; }

 private:
  std::string id_;
  State state_ = State::Open;
  double reading_ = 0.0;
  int battery_ = 80;
};

void log_temp(EmberProbe* p) {
  if (!p || p->closed()) return;
  std::printf("%.1f\n", p->sample());  // OK: null-or-closed returns above
}

void low_power_read(EmberProbe& p) {
  if (p.isOpen() && p.battery() > 10) p.sample();  // OK: && short-circuits on a closed probe
}

void stored_flag_read(EmberProbe& p) {
  bool ok = p.isOpen();
  if (!ok) return;
  p.sample();  // OK: stored bool checked
}

void by_state(EmberProbe& p) {
  switch (p.state()) {
    case EmberProbe::State::Open:
    case EmberProbe::State::Draining:
      p.sample();  // OK: only the non-closed states reach here
      break;
    case EmberProbe::State::Closed:
      std::printf("probe offline\n");
      break;
  }
}

void if_alive(EmberProbe& p) {
  if (p) p.calibrate();  // OK: operator bool
}

static bool ready(EmberProbe& p) {
  if (p.closed()) return false;
  return p.battery() > 0;
}

void scheduled_read(EmberProbe& p) {
  if (!ready(p)) return;
  p.sample();  // OK: ready() is false for a closed probe
}

void bank_fire(EmberProbe& p) {
  while (!p.closed()) {
    if (p.sample() > 900.0) p.close();  // OK: the loop condition is checked each round
  }
  p.calibrate();  // BUG: use-after-close
}

void vent_check(EmberProbe& hearth, EmberProbe& vent) {
  hearth.close();
  if (vent.isOpen()) hearth.sample();  // BUG: use-after-close
}

void vent_check_fixed(EmberProbe& hearth, EmberProbe& vent) {
  hearth.close();
  if (vent.isOpen()) vent.sample();  // OK: the vent probe is the one that was checked
}
