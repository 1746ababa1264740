// StopPumpsStep: takes each pump station offline. Stations that are already
// offline are skipped (take_offline() would return at once anyway), so running
// this step after an emergency stop is harmless.
#include "shutdown_steps.h"

#include <utility>

namespace ww {

StopPumpsStep::StopPumpsStep(std::vector<std::shared_ptr<PumpStation>> stations)
    : stations_(std::move(stations)) {}

const char* StopPumpsStep::name() const { return "stop pumps"; }

Status StopPumpsStep::run() {
  Status first = Status::Ok();
  for (const std::shared_ptr<PumpStation>& station : stations_) {
    if (!station->online()) continue;
    Status st = station->take_offline(); // OK: only stations still online are taken offline
    if (!st.ok() && first.ok()) first = st;
  }
  return first;
}

}  // namespace ww
