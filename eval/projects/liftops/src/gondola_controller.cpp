// GondolaController: station drives of the gondola. parkCabins() skips
// closed stations; doorsOpen() reopens a closed station before using it;
// shutdown() parks and closes once. The destructor closes the stations
// again without checking whether shutdown() already did.
#include "gondola_controller.h"

#include <cstdio>
#include <utility>

namespace liftops {

GondolaController::GondolaController(std::string id,
                                     std::vector<std::shared_ptr<LiftLink>> stations)
    : id_(std::move(id)), stations_(std::move(stations)) {}

GondolaController::~GondolaController() {
  closeStations(); // BUG: double-close #gondola-stations
}

void GondolaController::parkCabins() {
  for (auto &station : stations_) {
    if (!station->isOpen())
      continue;
    station->sendCommand({LiftCommand::SlowRun, 10}); // OK: closed stations skipped
  }
  parked_ = true;
}

void GondolaController::doorsOpen(std::size_t index) {
  if (index >= stations_.size())
    return;
  LiftLink &station = *stations_[index];
  if (!station.isOpen()) {
    Status st = station.reopen();
    if (!st.isOk()) {
      std::fprintf(stderr, "%s: %s\n", id_.c_str(), st.describe().c_str());
      return;
    }
  }
  station.sendCommand({LiftCommand::DoorsOpen, 0}); // OK: reopened above if it was closed
}

void GondolaController::shutdown() {
  if (stationsClosed_)
    return;
  parkCabins();
  closeStations(); // OK: stationsClosed_ keeps this to one run
  stationsClosed_ = true;
}

void GondolaController::closeStations() {
  for (auto &station : stations_)
    station->close(); // SAME: gondola-stations
}

} // namespace liftops
