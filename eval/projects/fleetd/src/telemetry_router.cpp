// TelemetryRouter: calls every registered handler, in registration order, on
// the thread that routes the report (the I/O thread).
#include "telemetry_router.h"

#include <utility>

namespace fleetd {

void TelemetryRouter::onPosition(PositionHandler handler) {
  positionHandlers_.push_back(std::move(handler));
}

void TelemetryRouter::onFault(FaultHandler handler) { faultHandlers_.push_back(std::move(handler)); }

void TelemetryRouter::route(const PositionReport &report) const {
  for (const PositionHandler &h : positionHandlers_)
    h(report);
}

void TelemetryRouter::route(const FaultReport &report) const {
  for (const FaultHandler &h : faultHandlers_)
    h(report);
}

} // namespace fleetd
