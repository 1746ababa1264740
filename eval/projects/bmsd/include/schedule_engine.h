// ScheduleEngine: weekly occupancy schedules per zone. At each occupied /
// unoccupied transition it submits the zone's setpoints and lighting scene.
#pragma once
#include <chrono>
#include <string>
#include <vector>

#include "status.h"

namespace bmsd {

class CommandDispatcher;
class Diagnostics;

struct ZoneSchedule {
  std::string zone;
  std::string controllerId;
  std::string setpointPoint;
  std::string lightingPoint;
  double occupiedSetpoint = 21.5;
  double unoccupiedSetpoint = 17.0;
  int occupiedScene = 1;
  int unoccupiedScene = 0;
  // Minutes from Monday 00:00 (local time) at which occupancy starts / ends.
  std::vector<std::pair<int, int>> occupiedWindows;
};

class ScheduleEngine {
public:
  ScheduleEngine(CommandDispatcher &dispatcher, Diagnostics &diag);

  Status load(const std::string &path);
  void setZones(std::vector<ZoneSchedule> zones);
  void tick(std::chrono::system_clock::time_point now);

private:
  bool occupiedAt(const ZoneSchedule &z, int minuteOfWeek) const;
  void apply(const ZoneSchedule &z, bool occupied);

  CommandDispatcher &dispatcher_;
  Diagnostics &diag_;
  std::vector<ZoneSchedule> zones_;
  std::vector<int> lastState_; // -1 unknown, 0 unoccupied, 1 occupied
};

int minuteOfWeek(std::chrono::system_clock::time_point now);

} // namespace bmsd
