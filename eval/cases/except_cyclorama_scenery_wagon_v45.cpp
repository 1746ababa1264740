// Scenery wagons on a theatre stage (the cyclorama truck, the ballroom wagon)
// run on floor tracks under a WagonDrive. Each wagon reports its moves on its
// own EventChannel to the stage manager's desk; a wagon whose brake is worn is
// locked out by closing its channel before the fault is thrown. A CueScope
// reports the end of a cue (completed or aborted during unwinding) and closes
// the cue's channel. Limit faults are thrown before anything is closed.
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "messaging.h"

struct BrakeFault : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct LimitFault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class WagonDrive {
public:
  WagonDrive(std::string name, int trackLengthMm, int brakeWearPct)
      : name_(std::move(name)), trackLengthMm_(trackLengthMm), brakeWearPct_(brakeWearPct) {}

  void driveTo(int targetMm, EventChannel &events) {
    if (targetMm < 0 || targetMm > trackLengthMm_)
      throw LimitFault(name_ + ": target " + std::to_string(targetMm) + " beyond track");
    events.send(name_ + ":depart");
    positionMm_ = targetMm;
    events.send(name_ + ":arrived " + std::to_string(positionMm_));
  }

  void engageBrake(EventChannel &events) {
    if (brakeWearPct_ > kWearLimitPct) {
      events.close();
      throw BrakeFault(name_ + ": brake worn, wagon locked out");
    }
    events.send(name_ + ":brake-on");
  }

  const std::string &name() const { return name_; }

private:
  static constexpr int kWearLimitPct = 85;
  std::string name_;
  int trackLengthMm_;
  int brakeWearPct_;
  int positionMm_ = 0;
};

class CueScope {
public:
  CueScope(EventChannel &channel, std::string cue) : channel_(channel), cue_(std::move(cue)) {}
  ~CueScope() {
    channel_.send(cue_ + (std::uncaught_exceptions() > 0 ? ":aborted" : ":complete"));
    channel_.close();
  }
  CueScope(const CueScope &) = delete;
  CueScope &operator=(const CueScope &) = delete;

private:
  EventChannel &channel_;
  std::string cue_;
};

void moveWagon(WagonDrive &wagon, EventChannel &events, int targetMm) {
  try {
    wagon.driveTo(targetMm, events);
    wagon.engageBrake(events);
  } catch (const LimitFault &fault) {
    events.send(std::string("limit: ") + fault.what()); // OK
  } catch (const BrakeFault &fault) {
    events.send(std::string("brake: ") + fault.what()); // BUG: use-after-close
  }
}

void runCue(const std::string &cue, WagonDrive &wagon, EventChannel &wagonEvents,
            EventChannel &cueChannel, int targetMm) {
  try {
    CueScope scope(cueChannel, cue);
    wagon.driveTo(targetMm, wagonEvents);
  } catch (const std::exception &e) {
    if (cueChannel.isOpen())
      cueChannel.send(cue + ": " + e.what()); // OK
    wagonEvents.send(wagon.name() + ":hold");
  }
}

void strikeWagon(WagonDrive &wagon, EventChannel &events) {
  try {
    wagon.driveTo(0, events);
  } catch (...) {
    events.close();
    throw;
  }
  events.send(wagon.name() + ":struck"); // OK
  events.close();
}

void strikeAll(std::vector<std::pair<WagonDrive *, EventChannel *>> &wagons, EventChannel &desk) {
  for (auto &entry : wagons) {
    try {
      strikeWagon(*entry.first, *entry.second);
    } catch (const std::exception &e) {
      desk.send(std::string("strike failed: ") + e.what());
      entry.second->send("manual strike required"); // BUG: use-after-close
    }
  }
}

void getOut(EventChannel &desk, EventChannel &cycEvents, EventChannel &ballroomEvents,
            EventChannel &cueChannel) {
  WagonDrive cyclorama("cyc-truck", 11800, 40);
  WagonDrive ballroom("ballroom", 7400, 91);
  runCue("Q112", cyclorama, cycEvents, cueChannel, 9600);
  moveWagon(ballroom, ballroomEvents, 3200);
  ballroomEvents.send("ballroom:set for act 2"); // BUG: use-after-close
  std::vector<std::pair<WagonDrive *, EventChannel *>> wagons{{&cyclorama, &cycEvents}};
  strikeAll(wagons, desk);
}
