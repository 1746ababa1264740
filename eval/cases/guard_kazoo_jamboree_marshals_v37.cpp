// Kazoo jamboree parade: marshals along the route carry MarshalRadio handsets
// (a state machine over a UDP socket). Radios are hung up when a section of
// the route closes, so most calls are guarded, in the many shapes the
// organisers' scripts use. Two calls are not: one trusts a bool captured
// before the hang-up, and the lost-child relay guards the front radio but not
// the rear one, which may have just been hung up.
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

class MarshalRadio {
 public:
  enum class State { Open, Closed };

  explicit MarshalRadio(int fd) : fd_(fd), state_(State::Open) {
    if (fd_ < 0) throw std::invalid_argument("marshal radio: bad socket");
  }
  void call(const std::string& msg) {
    if (state_ != State::Open) throw std::runtime_error("marshal radio not open");
    ::send(fd_, msg.data(), msg.size(), MSG_NOSIGNAL);
  }
  void hangup() {
    if (state_ == State::Open) ::close(fd_);
    state_ = State::Closed;
    fd_ = -1;
  }
  State state() const { return state_; }
  bool is_open() const { return state_ == State::Open; }
  bool IsClosed() const { return state_ == State::Closed; }
  explicit operator bool() const { return is_open(); }
  int battery() const { return battery_; }

 private:
  int fd_;
  State state_;
  int battery_ = 100;
};

static bool ready(const MarshalRadio& r, int min_battery) {
  if (!r.is_open()) return false;
  if (r.battery() < min_battery) return false;
  return true;
}

void route_section(MarshalRadio* r, bool section_closed) {
  if (section_closed && r) r->hangup();
  if (!r || r->IsClosed()) return;
  r->call("left at the bandstand");  // OK: null and IsClosed() checked
}

void band_check(MarshalRadio& r, int rounds) {
  int n = 0;
  while (!r.IsClosed()) {
    r.call("kazoo check " + std::to_string(n));  // OK: loop condition re-checks after each hangup
    if (++n >= rounds) r.hangup();
  }
}

void float_arrival(MarshalRadio& r, bool rain) {
  if (rain) r.hangup();
  if (r.state() != MarshalRadio::State::Open) return;
  r.call("float 7 arriving");  // OK: state enum checked
}

void tuba_delay(MarshalRadio& r, bool rain, bool quiet) {
  if (rain) r.hangup();
  bool ok = r.is_open();
  if (!ok) return;
  r.call("tuba section delayed");  // OK: stored bool taken after the hang-up
  if (r && !quiet) r.call("hold at the fountain");  // OK: operator bool
}

void first_aid(MarshalRadio& r, bool rain) {
  if (rain) r.hangup();
  if (!ready(r, 20)) return;
  r.call("first aid to the kazoo tent");  // OK: ready() returns false when hung up
}

void sweep(MarshalRadio& r, bool rain, bool muted) {
  if (rain) r.hangup();
  if (r.IsClosed() || muted) return;
  r.call("sweepers go");  // OK: || guard returns when closed
}

void end_of_parade(MarshalRadio& r) {
  const bool had_channel = r.is_open();
  r.hangup();
  if (had_channel) r.call("parade dismissed");  // BUG: use-after-close
}

void relay_lost_child(MarshalRadio& front, MarshalRadio& rear, bool rear_faulty) {
  if (rear_faulty) rear.hangup();
  if (front.is_open()) front.call("lost child at gate B");  // OK: guarded (front is never hung up here)
  rear.call("lost child at gate B");  // BUG: use-after-close
}
