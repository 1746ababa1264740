// SessionHandler: handles the frames a connected truck sends once the
// handshake is done: positions and faults go to the telemetry router, status
// reports are checked against the firmware block list, acks and in-band
// resumes are applied to the session.
#pragma once
#include <memory>
#include <string>

#include "telemetry.h"

namespace fleetd {

struct Config;
class SessionRegistry;
class TelemetryRouter;
class VehicleSession;
class Diagnostics;

class SessionHandler {
public:
  SessionHandler(const Config &cfg, SessionRegistry &registry, TelemetryRouter &router,
                 Diagnostics &diag);
  void onReadable(const std::string &vin);

private:
  void dispatch(const std::shared_ptr<VehicleSession> &session, const Frame &frame);
  void onStatus(VehicleSession &session, const Frame &frame);
  void onResume(VehicleSession &session, const Frame &frame);
  void sendUpgradeNotice(const std::string &vin);
  bool isBlocked(const std::string &firmware) const;

  const Config &cfg_;
  SessionRegistry &registry_;
  TelemetryRouter &router_;
  Diagnostics &diag_;
};

} // namespace fleetd
