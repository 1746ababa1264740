// OpsConsole: the lift-operations supervisor's console: shift log, wind and
// weather decisions, emergency stops, avalanche-control wrap-up.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "avalanche_telemetry.h"
#include "file_handle.h"
#include "resort.h"

namespace liftops {

class OpsConsole {
public:
  explicit OpsConsole(Resort &resort);
  ~OpsConsole();

  void openShiftLog(const std::string &path);
  void note(const std::string &text);
  void rotateShiftLog(const std::string &path);
  void finishShift();

  void closeMountainForWind();
  void windClosure(const std::string &liftId);
  void handleAnemometerFault(const std::string &stationName);
  void replaceStation(const std::string &stationName);
  void emergency(const std::string &liftId, const std::string &reason);
  void rotateGateAudit(const std::string &path);
  void endAvalancheControl(const std::vector<Detonation> &shots);
  void endGroomingShift();

private:
  Resort &resort_;
  std::optional<FileHandle> shiftLog_;
  int busToken_ = 0;
};

} // namespace liftops
