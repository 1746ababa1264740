// Boomerang throwing championship: the umpire's BugleChannel plays start/stop calls on
// the field speakers. The channel can be torn down (speaker fault, end of round) and
// reconnected. Every call site here checks the channel first: alive() early returns,
// reconnect-then-blow, a retry loop that only blows while alive, a state switch, a helper
// returning bool, and a guard object that tears down only at scope end. No call reaches a
// torn-down channel, so this file has no defect.
#include <stdexcept>
#include <string>
#include <vector>

class BugleChannel {
 public:
  enum class Phase { Idle, Live, TornDown };

  void blow(const std::string& call) {
    if (phase_ == Phase::TornDown) throw std::runtime_error("bugle channel torn down");
    phase_ = Phase::Live;
    calls_.push_back(call);
  }
  void teardown() {
    if (phase_ == Phase::TornDown) throw std::runtime_error("bugle channel torn down twice");
    phase_ = Phase::TornDown;
  }
  bool reconnect() {
    if (phase_ != Phase::TornDown) return true;
    if (faults_ > 3) return false;
    phase_ = Phase::Idle;
    return true;
  }
  bool alive() const { return phase_ != Phase::TornDown; }
  Phase phase() const { return phase_; }
  void note_fault() { ++faults_; }

 private:
  Phase phase_ = Phase::Idle;
  int faults_ = 0;
  std::vector<std::string> calls_;
};

static bool ready_for(const BugleChannel& ch, int round) {
  return ch.alive() && round > 0;
}

void start_round(BugleChannel& ch, int round) {
  if (!ready_for(ch, round)) return;
  ch.blow("round " + std::to_string(round));  // OK: ready_for() checks alive()
}

void stop_throws(BugleChannel& ch) {
  if (!ch.alive()) return;
  ch.blow("stop");  // OK
  ch.teardown();
  if (ch.alive()) ch.blow("encore");  // OK: alive() is false after teardown, never runs
}

void after_fault(BugleChannel& ch) {
  ch.note_fault();
  if (ch.alive()) ch.teardown();  // OK: torn down at most once
  if (!ch.reconnect()) return;
  ch.blow("resume");  // OK: reconnect() succeeded
}

void announce_with_retry(BugleChannel& ch, const std::string& call) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (ch.alive()) {
      ch.blow(call);  // OK: checked in this iteration
      return;
    }
    if (!ch.reconnect()) ch.note_fault();
  }
}

void by_phase(BugleChannel& ch) {
  switch (ch.phase()) {
    case BugleChannel::Phase::Idle:
      ch.blow("warm-up");  // OK: Idle is not TornDown
      break;
    case BugleChannel::Phase::Live:
      ch.blow("carry on");  // OK
      ch.teardown();
      break;
    case BugleChannel::Phase::TornDown:
      break;
  }
}

class RoundScope {
 public:
  explicit RoundScope(BugleChannel& ch) : ch_(ch) {}
  ~RoundScope() {
    if (ch_.alive()) ch_.teardown();  // OK: checked
  }
  RoundScope(const RoundScope&) = delete;
  RoundScope& operator=(const RoundScope&) = delete;

 private:
  BugleChannel& ch_;
};

void final_round(BugleChannel& ch, const std::vector<std::string>& throwers) {
  if (!ch.alive() && !ch.reconnect()) return;
  RoundScope scope(ch);
  for (const auto& t : throwers) {
    ch.blow("thrower " + t);  // OK: the scope tears down only when the function ends
  }
}
