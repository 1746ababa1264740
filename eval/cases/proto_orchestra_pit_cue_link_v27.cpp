// Cue link between the stage manager's desk and the orchestra pit. Cue
// lights and click-track starts are sent to the pit's conductor monitor over
// a CueLink; the link is opened before the overture, parked during the
// interval, and closed after the curtain call.
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CueLink {
public:
  enum class State { Idle, Open, Parked, Closed };

  explicit CueLink(std::string monitor) : monitor_(std::move(monitor)) {}

  void open();
  void cue(const std::string &name, int bar);
  void park();
  void resume();
  void close();
  State state() const { return state_; }
  std::size_t sent() const { return log_.size(); }

private:
  void requireOpen(const char *op) const;

  std::string monitor_;
  State state_ = State::Idle;
  std::vector<std::string> log_;
};

void CueLink::requireOpen(const char *op) const {
  if (state_ == State::Closed)
    throw std::logic_error(std::string("cue link to ") + monitor_ + " closed: " + op);
  if (state_ != State::Open)
    throw std::logic_error(std::string("cue link not open: ") + op);
}

void CueLink::open() {
  if (state_ == State::Closed)
    throw std::logic_error("cue link closed: open");
  state_ = State::Open;
}

void CueLink::cue(const std::string &name, int bar) {
  requireOpen("cue");
  log_.push_back(name + "@" + std::to_string(bar));
}

void CueLink::park() {
  requireOpen("park");
  state_ = State::Parked;
}

void CueLink::resume() {
  if (state_ != State::Parked)
    throw std::logic_error("cue link not parked");
  state_ = State::Open;
}

void CueLink::close() {
  if (state_ == State::Closed)
    throw std::logic_error("cue link already closed");
  state_ = State::Closed;
  log_.clear();
}

struct Cue {
  std::string name;
  int bar;
  bool afterInterval;
};

class PitCueDesk {
public:
  explicit PitCueDesk(CueLink &link) : link_(link) {}

  void runAct(const std::vector<Cue> &cues, bool secondAct);
  void interval();
  void curtainCall(bool playOut);
  void emergencyStop();

private:
  CueLink &link_;
};

void PitCueDesk::runAct(const std::vector<Cue> &cues, bool secondAct) {
  if (link_.state() == CueLink::State::Parked)
    link_.resume();
  for (const Cue &c : cues) {
    if (c.afterInterval != secondAct)
      continue;
    link_.cue(c.name, c.bar); // OK
  }
}

void PitCueDesk::interval() {
  link_.cue("HOUSE-LIGHTS-UP", 0);
  link_.park();
}

void PitCueDesk::curtainCall(bool playOut) {
  link_.cue("BOWS", 0);
  link_.close();
  if (playOut)
    link_.cue("PLAY-OUT", 0); // BUG: use-after-close
}

void PitCueDesk::emergencyStop() {
  if (link_.state() == CueLink::State::Closed)
    return;
  link_.close(); // OK
}

int performance(const std::vector<Cue> &cues, bool fireAlarm, bool playOut) {
  CueLink link("pit-monitor-1");
  PitCueDesk desk(link);
  link.open();
  link.cue("OVERTURE", 1);
  desk.runAct(cues, false);
  desk.interval();
  desk.runAct(cues, true);
  if (fireAlarm) {
    desk.emergencyStop();
    link.close(); // BUG: double-close
    return 1;
  }
  desk.curtainCall(playOut);
  desk.emergencyStop(); // OK
  std::cout << "cues sent: " << link.sent() << '\n';
  return 0;
}
