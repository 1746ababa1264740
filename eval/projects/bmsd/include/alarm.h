// Alarms raised by the rules engine and the door / elevator monitors, and the
// limit rules that the configuration declares.
#pragma once
#include <chrono>
#include <string>

#include "point.h"

namespace bmsd {

enum class Severity { Info, Minor, Major, Critical };

struct Alarm {
  std::string source;
  std::string point;
  Severity severity = Severity::Minor;
  std::string text;
  std::chrono::system_clock::time_point raisedAt;
  bool cleared = false;
};

struct AlarmRule {
  std::string pointPrefix;
  PointKind kind = PointKind::Temperature;
  double low = 0.0;
  double high = 0.0;
  double deadband = 0.5;
  Severity severity = Severity::Minor;
  std::chrono::seconds delay{0};
};

} // namespace bmsd
