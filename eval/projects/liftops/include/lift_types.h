// Wire-level types exchanged with the lift drive PLCs.
#pragma once
#include <string>

namespace liftops {

struct LiftCommand {
  enum Kind { Start, Stop, SlowRun, Hold, Evacuate, DoorsOpen };
  Kind kind;
  int speedPct = 0;
};

struct LiftTelemetry {
  std::string liftId;
  double lineSpeed = 0;
  double windKph = 0;
  int chairsLoaded = 0;
  bool faulted = false;
};

struct LiftConfig {
  std::string id;
  std::string host;
  int port = 502;
};

const char *commandName(LiftCommand::Kind kind);
std::string encodeCommand(const LiftCommand &command);
bool decodeTelemetry(const std::string &wire, LiftTelemetry &out);

} // namespace liftops
