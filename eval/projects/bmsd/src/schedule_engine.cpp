// ScheduleEngine: reads the zone schedules file and, on each minute tick,
// submits setpoint and lighting-scene commands for zones whose occupancy
// changed.
//
// schedules.conf: one zone per line
//   zone controller setpoint-point lighting-point occ unocc start-end,...
// where start/end are minutes from Monday 00:00.
#include "schedule_engine.h"

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "command_dispatcher.h"
#include "diagnostics.h"
#include "format.h"

namespace bmsd {

int minuteOfWeek(std::chrono::system_clock::time_point now) {
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  localtime_r(&t, &tm);
  const int mondayBased = (tm.tm_wday + 6) % 7;
  return mondayBased * 24 * 60 + tm.tm_hour * 60 + tm.tm_min;
}

ScheduleEngine::ScheduleEngine(CommandDispatcher &dispatcher, Diagnostics &diag)
    : dispatcher_(dispatcher), diag_(diag) {}

Status ScheduleEngine::load(const std::string &path) {
  std::ifstream in(path);
  if (!in.is_open())
    return Status::error(Status::Code::NotFound, "cannot read " + path);
  std::vector<ZoneSchedule> zones;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    ZoneSchedule z;
    std::string windows;
    if (!(fields >> z.zone >> z.controllerId >> z.setpointPoint >> z.lightingPoint >>
          z.occupiedSetpoint >> z.unoccupiedSetpoint >> windows))
      return Status::error(Status::Code::Invalid,
                           path + ":" + std::to_string(lineNo) + ": malformed zone");
    for (const std::string &w : splitString(windows, ',')) {
      const std::string::size_type dash = w.find('-');
      if (dash == std::string::npos)
        return Status::error(Status::Code::Invalid,
                             path + ":" + std::to_string(lineNo) + ": bad window " + w);
      z.occupiedWindows.emplace_back(std::atoi(w.substr(0, dash).c_str()),
                                     std::atoi(w.substr(dash + 1).c_str()));
    }
    zones.push_back(std::move(z));
  }
  setZones(std::move(zones));
  return Status::ok();
}

void ScheduleEngine::setZones(std::vector<ZoneSchedule> zones) {
  zones_ = std::move(zones);
  lastState_.assign(zones_.size(), -1);
}

bool ScheduleEngine::occupiedAt(const ZoneSchedule &z, int minute) const {
  for (const auto &[start, end] : z.occupiedWindows)
    if (minute >= start && minute < end)
      return true;
  return false;
}

void ScheduleEngine::apply(const ZoneSchedule &z, bool occupied) {
  Command setpoint;
  setpoint.controllerId = z.controllerId;
  setpoint.point = z.setpointPoint;
  setpoint.kind = CommandKind::Setpoint;
  setpoint.value = occupied ? z.occupiedSetpoint : z.unoccupiedSetpoint;
  dispatcher_.submit(setpoint);

  Command scene;
  scene.controllerId = z.controllerId;
  scene.point = z.lightingPoint;
  scene.kind = CommandKind::LightingScene;
  scene.value = occupied ? z.occupiedScene : z.unoccupiedScene;
  dispatcher_.submit(scene);

  diag_.info("schedule: zone %s now %s", z.zone.c_str(),
             occupied ? "occupied" : "unoccupied");
}

void ScheduleEngine::tick(std::chrono::system_clock::time_point now) {
  const int minute = minuteOfWeek(now);
  for (std::size_t i = 0; i < zones_.size(); ++i) {
    const int state = occupiedAt(zones_[i], minute) ? 1 : 0;
    if (state == lastState_[i])
      continue;
    lastState_[i] = state;
    apply(zones_[i], state == 1);
  }
}

} // namespace bmsd
