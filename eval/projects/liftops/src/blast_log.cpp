// BlastLog: the blaster's legal log file plus telemetry. logShot() writes
// only to an open file and records only while the mission is open.
// closeMission() and abortMission() finish the telemetry mission first and
// then still send to it.
#include "blast_log.h"

#include <cstdio>
#include <utility>

namespace liftops {

BlastLog::BlastLog(std::shared_ptr<AvalancheTelemetry> telemetry, const std::string &path)
    : telemetry_(std::move(telemetry)), file_(FileHandle::open(path, "a")) {}

void BlastLog::logShot(const Detonation &shot) {
  if (file_.isOpen()) {
    std::fprintf(file_.get(), "%ld %s %s %.1fkg\n", shot.epochSec, shot.route.c_str(),
                 shot.chargeId.c_str(), shot.kg); // OK: checked isOpen
  }
  if (!telemetry_->missionOpen())
    return;
  telemetry_->recordDetonation(shot); // OK: mission still open
}

void BlastLog::closeMission(int shotsFired) {
  telemetry_->finishMission();
  telemetry_->recordSummary(std::to_string(shotsFired) + " shots fired, routes clear"); // BUG: use-after-close #telemetry-summary
  file_.close();
}

void BlastLog::abortMission(const std::string &why, const std::vector<Detonation> &unconfirmed) {
  if (file_.isOpen())
    std::fprintf(file_.get(), "ABORT: %s\n", why.c_str()); // OK: checked isOpen
  telemetry_->finishMission();
  for (const Detonation &shot : unconfirmed)
    telemetry_->recordDetonation(shot); // BUG: use-after-close #late-shot
  file_.close();
}

} // namespace liftops
