// TelemetryRouter: fans decoded position and fault reports out to the
// handlers other components register (ingest, geofencing, fault monitoring).
#pragma once
#include <functional>
#include <vector>

#include "telemetry.h"

namespace fleetd {

class TelemetryRouter {
public:
  using PositionHandler = std::function<void(const PositionReport &)>;
  using FaultHandler = std::function<void(const FaultReport &)>;

  void onPosition(PositionHandler handler);
  void onFault(FaultHandler handler);
  void route(const PositionReport &report) const;
  void route(const FaultReport &report) const;

private:
  std::vector<PositionHandler> positionHandlers_;
  std::vector<FaultHandler> faultHandlers_;
};

} // namespace fleetd
