// ReportService: the hourly CSV / JSON reports for the facility managers
// (point values, active alarms, per-floor sheets, the legacy energy export).
#pragma once
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "alarm.h"
#include "point.h"
#include "status.h"

namespace bmsd {

class AlarmRulesEngine;
class Diagnostics;
class PointDatabase;

class ReportService {
public:
  ReportService(std::string dir, Diagnostics &diag, std::size_t maxRows);

  // The floors listed in the floor summary, in order; empty: every floor
  // that has points.
  void setFloors(std::vector<std::string> floors);

  void maybeGenerate(std::chrono::system_clock::time_point now,
                     const PointDatabase &db, const AlarmRulesEngine &rules);

  Status writePointsCsv(const std::vector<PointValue> &points,
                        const std::string &path);
  Status writeAlarmSummary(const std::vector<Alarm> &alarms,
                           const std::string &path);
  Status writeFloorSheets(const std::vector<PointValue> &points);
  Status writeFloorSummary(const std::vector<PointValue> &points,
                           const std::string &path);
  Status exportEnergyLegacy(const std::vector<PointValue> &meters,
                            const std::string &path);

private:
  const std::string dir_;
  Diagnostics &diag_;
  const std::size_t maxRows_;
  std::vector<std::string> floors_;
  long lastHour_ = -1;
};

} // namespace bmsd
