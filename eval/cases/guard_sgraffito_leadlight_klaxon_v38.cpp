// Kiln room of a leadlight and sgraffito studio. A KlaxonLink sounds the over-temperature
// alarm; the studio code guards it in the usual ways (null-or-closed early return, &&,
// negated getters, a state enum, operator bool, a stored flag, a while loop on !closed(),
// and a helper returning bool). Two spots are wrong: end_firing lets a drill flag bypass
// the closed() check with ||, and cool_down trusts a flag it read before shut_room()
// closed the link.
#include <stdexcept>
#include <string>
#include <vector>

class KlaxonLink {
 public:
  enum class State { Armed, Silenced, Closed };

  void sound(int level) {
    if (state_ == State::Closed) throw std::runtime_error("klaxon link closed");
    state_ = State::Armed;
    levels_.push_back(level);
  }
  void silence() {
    if (state_ == State::Closed) throw std::runtime_error("klaxon link closed");
    state_ = State::Silenced;
  }
  void close() {
    if (state_ == State::Closed) throw std::runtime_error("klaxon link closed twice");
    state_ = State::Closed;
  }
  bool closed() const { return state_ == State::Closed; }
  State state() const { return state_; }
  explicit operator bool() const { return state_ != State::Closed; }

 private:
  State state_ = State::Armed;
  std::vector<int> levels_;
};

static bool usable(const KlaxonLink& k, bool quiet_hours) {
  if (k.closed()) return false;
  return !quiet_hours;
}

void alarm_if_hot(KlaxonLink* k, double celsius) {
  if (!k || k->closed()) return;
  k->sound(celsius > 900.0 ? 3 : 1);  // OK: null-or-closed early return
}

void alarm_both(KlaxonLink& kiln, KlaxonLink& annealer) {
  if (!kiln.closed() && !annealer.closed()) {
    kiln.sound(2);  // OK
    annealer.sound(2);  // OK
  }
}

void silence_if_armed(KlaxonLink& k) {
  if (k.state() != KlaxonLink::State::Armed) return;
  k.silence();  // OK: Armed is not Closed
}

void chirp(KlaxonLink& k) {
  if (k) k.sound(0);  // OK: operator bool
}

void pulse(KlaxonLink& k, int max_pulses) {
  int n = 0;
  while (!k.closed()) {
    k.sound(1);  // OK: loop condition
    if (++n >= max_pulses) k.close();
  }
}

void night_check(KlaxonLink& k, bool quiet_hours) {
  if (!usable(k, quiet_hours)) return;
  k.sound(1);  // OK: usable() returned false for a closed link
}

void door_open(KlaxonLink& k, bool quiet_hours) {
  if (k.closed() || quiet_hours) return;
  k.silence();  // OK
}

void end_firing(KlaxonLink& k, bool drill) {
  if (!k.closed()) k.sound(0);  // OK
  if (!k.closed()) k.close();  // OK: guarded
  if (drill || !k.closed()) k.sound(9);  // BUG: use-after-close
}

static void shut_room(KlaxonLink& k) {
  if (!k.closed()) k.close();
}

void cool_down(KlaxonLink& k, bool room_empty) {
  const bool live = !k.closed();
  if (live) k.silence();  // OK: nothing closed it since the flag was read
  if (room_empty) shut_room(k);
  if (live) k.sound(0);  // BUG: use-after-close
}

void cool_down_fixed(KlaxonLink& k, bool room_empty) {
  if (room_empty) shut_room(k);
  const bool live = !k.closed();
  if (live) k.sound(0);  // OK: flag read after the close
}
