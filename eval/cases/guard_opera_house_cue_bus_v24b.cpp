// Opera house stage management: the prompt desk sends lighting, fly and
// sound cues over a CueBus to the departments' consoles. A console drops off
// the bus when its operator logs out, and the desk closes the bus at the end
// of the performance. Every send is guarded against a closed bus in the usual
// shapes; the one exception is callAct(), which samples is_open() before the
// intermission handling that may close the bus and then trusts the stale
// local.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class CueBus {
public:
  void send(const std::string &cue) {
    if (state_ == State::Closed)
      throw std::runtime_error("cue bus closed");
    log_.push_back(cue);
  }
  void close() { state_ = State::Closed; }

  bool is_open() const { return state_ != State::Closed; }
  bool closed() const { return state_ == State::Closed; }
  bool good() const { return state_ == State::Live; }
  explicit operator bool() const { return state_ != State::Closed; }

  void hold() {
    if (state_ == State::Live)
      state_ = State::Holding;
  }
  void release() {
    if (state_ == State::Holding)
      state_ = State::Live;
  }

private:
  enum class State { Live, Holding, Closed };
  State state_ = State::Live;
  std::vector<std::string> log_;
};

struct Cue {
  std::string dept;
  std::string number;
  bool standby = false;
};

struct Act {
  std::vector<Cue> cues;
  bool endsWithIntermission = false;
  bool finalAct = false;
};

void standbyAll(CueBus &bus, const std::vector<Cue> &cues, bool prompterBusy) {
  if (bus.closed() || prompterBusy)
    return;
  for (const Cue &c : cues)
    if (c.standby)
      bus.send("STANDBY " + c.dept + " " + c.number); // OK
}

void go(CueBus &bus, const Cue &c) {
  if (!bus)
    return;
  bus.send("GO " + c.dept + " " + c.number); // OK
}

void closeIfCurtainDown(CueBus &bus, const Act &act) {
  if (act.finalAct)
    bus.close();
}

void callAct(CueBus &bus, const Act &act) {
  const bool open = bus.is_open();
  for (const Cue &c : act.cues)
    go(bus, c);
  closeIfCurtainDown(bus, act);
  if (act.endsWithIntermission || act.finalAct) {
    if (open)
      bus.send("HOUSE LIGHTS UP"); // BUG: use-after-close
  }
}

void runPreset(CueBus &bus, const std::vector<Cue> &preset) {
  std::size_t i = 0;
  while (!bus.closed() && i < preset.size()) {
    bus.send("PRESET " + preset[i].dept + " " + preset[i].number); // OK
    ++i;
  }
}

void emergencyHold(CueBus &bus, bool fireCurtain) {
  if (fireCurtain) {
    bus.close();
    std::printf("fire curtain: cue bus shut\n");
  }
  if (bus.good())
    bus.send("HOLD"); // OK
  bus.hold();
  std::printf("stage hold\n");
  bus.release();
  const bool stillOpen = bus.is_open();
  if (!stillOpen)
    return;
  bus.send("RESUME FROM HOLD"); // OK
}
