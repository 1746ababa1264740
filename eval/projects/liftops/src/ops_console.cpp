// OpsConsole: the supervisor's console. The shift log lives in an
// std::optional<FileHandle> (reset closes it, emplace opens a fresh one);
// note() checks it before writing. finishShift() keeps the raw FILE* across
// the reset. handleAnemometerFault() closes a station that the weather feed
// still holds and then polls the feed; replaceStation() retires the old
// station from the feed and reads from a fresh one.
#include "ops_console.h"

#include <cstdio>

#include "shutdown.h"

namespace liftops {

OpsConsole::OpsConsole(Resort &resort) : resort_(resort) {
  busToken_ = resort_.bus().subscribe(
      "lift.status", [this](const std::string &, const std::string &payload) { note(payload); });
}

OpsConsole::~OpsConsole() { resort_.bus().unsubscribe(busToken_); }

void OpsConsole::openShiftLog(const std::string &path) {
  shiftLog_.emplace(FileHandle::open(path, "a"));
}

void OpsConsole::note(const std::string &text) {
  if (!shiftLog_ || !shiftLog_->isOpen())
    return;
  std::fprintf(shiftLog_->get(), "%s\n", text.c_str()); // OK: engaged and open checked above
  std::fflush(shiftLog_->get());
}

void OpsConsole::rotateShiftLog(const std::string &path) {
  shiftLog_.reset();
  shiftLog_.emplace(FileHandle::open(path, "a"));
  if (shiftLog_->isOpen())
    std::fputs("-- shift log rotated --\n", shiftLog_->get()); // OK: the freshly emplaced handle
}

void OpsConsole::finishShift() {
  std::FILE *raw = shiftLog_ ? shiftLog_->get() : nullptr;
  shiftLog_.reset();
  if (raw)
    std::fprintf(raw, "-- shift closed --\n"); // BUG: use-after-close
}

void OpsConsole::closeMountainForWind() {
  note("closing the mountain for wind");
  stopLifts(resort_);
}

void OpsConsole::windClosure(const std::string &liftId) {
  note("wind closure of " + liftId);
  resort_.windHold().closeLiftForWind(liftId);
}

void OpsConsole::handleAnemometerFault(const std::string &stationName) {
  std::shared_ptr<WeatherStation> station = resort_.station(stationName);
  if (!station)
    return;
  station->close();
  note("anemometer fault at " + stationName + ", readings ignored");
  resort_.windHold().forceHold("anemometer fault at " + stationName);
  resort_.weather().pollAll(); // BUG: use-after-close #feed-poll
}

void OpsConsole::replaceStation(const std::string &stationName) {
  std::shared_ptr<WeatherStation> old = resort_.station(stationName);
  if (!old)
    return;
  resort_.weather().retire(stationName);
  auto fresh = std::make_shared<WeatherStation>(stationName, old->port());
  Status st = fresh->open();
  if (!st.isOk()) {
    note(stationName + ": " + st.describe());
    return;
  }
  resort_.weather().addStation(fresh);
  resort_.replaceStation(stationName, fresh);
  if (auto reading = fresh->receive()) // OK: the fresh station, not the retired one
    note(formatReading(*reading));
}

void OpsConsole::emergency(const std::string &liftId, const std::string &reason) {
  ChairliftController *chair = resort_.chair(liftId);
  if (!chair)
    return;
  note("EMERGENCY STOP " + liftId + ": " + reason);
  chair->emergencyStop(reason);
}

void OpsConsole::rotateGateAudit(const std::string &path) {
  resort_.validator().rotateAudit(path);
}

void OpsConsole::endAvalancheControl(const std::vector<Detonation> &shots) {
  for (const Detonation &shot : shots)
    resort_.blastLog().logShot(shot);
  resort_.blastLog().closeMission(static_cast<int>(shots.size()));
}

void OpsConsole::endGroomingShift() {
  note("grooming recall");
  resort_.fleet().recallAll();
}

} // namespace liftops
