// BlastLog: the avalanche-control blaster's log: a local file kept by law
// plus the telemetry stream.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "avalanche_telemetry.h"
#include "file_handle.h"

namespace liftops {

class BlastLog {
public:
  BlastLog(std::shared_ptr<AvalancheTelemetry> telemetry, const std::string &path);
  void logShot(const Detonation &shot);
  void closeMission(int shotsFired);
  void abortMission(const std::string &why, const std::vector<Detonation> &unconfirmed);

private:
  std::shared_ptr<AvalancheTelemetry> telemetry_;
  FileHandle file_;
};

} // namespace liftops
