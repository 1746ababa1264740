// Encoding of drive commands and decoding of drive telemetry frames
// ("id;speed;wind;loaded;fault").
#include "lift_types.h"

#include <cstdlib>
#include <sstream>
#include <vector>

namespace liftops {

const char *commandName(LiftCommand::Kind kind) {
  switch (kind) {
  case LiftCommand::Start:
    return "START";
  case LiftCommand::Stop:
    return "STOP";
  case LiftCommand::SlowRun:
    return "SLOW";
  case LiftCommand::Hold:
    return "HOLD";
  case LiftCommand::Evacuate:
    return "EVAC";
  case LiftCommand::DoorsOpen:
    return "DOORS";
  }
  return "NOP";
}

std::string encodeCommand(const LiftCommand &command) {
  return std::string(commandName(command.kind)) + " " +
         std::to_string(command.speedPct) + "\r\n";
}

bool decodeTelemetry(const std::string &wire, LiftTelemetry &out) {
  std::vector<std::string> fields;
  std::stringstream in(wire);
  std::string field;
  while (std::getline(in, field, ';'))
    fields.push_back(field);
  if (fields.size() != 5)
    return false;
  out.liftId = fields[0];
  out.lineSpeed = std::atof(fields[1].c_str());
  out.windKph = std::atof(fields[2].c_str());
  out.chairsLoaded = std::atoi(fields[3].c_str());
  out.faulted = fields[4] == "1";
  return true;
}

} // namespace liftops
