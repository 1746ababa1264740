// WindHold: gusts over the limit put every lift on hold. Chairlifts go
// through windHold(), which checks the lift's own state; aux lifts go
// through safe commanders. closeLiftForWind() stops a chairlift (closing its
// link) and then sends a hold through the plain commander holding that same
// link.
#include "wind_hold.h"

#include <cstdio>
#include <utility>

namespace liftops {

WindHold::WindHold(double gustLimitKph) : gustLimitKph_(gustLimitKph) {}

void WindHold::addLift(const std::string &liftId, ChairliftController *chair,
                       Commander commander) {
  lifts_[liftId] = Entry{chair, std::move(commander)};
}

void WindHold::addAux(const std::string &name, Commander commander) {
  aux_[name] = std::move(commander);
}

void WindHold::onReading(const WeatherReading &reading) {
  if (reading.gustKph < gustLimitKph_)
    return;
  forceHold(reading.station + " gusting " + std::to_string(static_cast<int>(reading.gustKph)) +
            " km/h");
}

void WindHold::forceHold(const std::string &why) {
  std::fprintf(stderr, "wind hold: %s\n", why.c_str());
  for (auto &[id, entry] : lifts_)
    entry.chair->windHold(); // OK: windHold() returns for a stopped or closed lift
  for (auto &[name, commander] : aux_)
    commander({LiftCommand::Hold, 0}); // OK: safe commanders drop closed links
}

void WindHold::closeLiftForWind(const std::string &liftId) {
  auto it = lifts_.find(liftId);
  if (it == lifts_.end())
    return;
  it->second.chair->stop();
  it->second.commander({LiftCommand::Hold, 0}); // BUG: use-after-close #wind-commander
}

} // namespace liftops
