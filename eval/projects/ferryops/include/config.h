// Terminal configuration: parsed from a key=value file (config.cpp) and
// re-applied on SIGHUP by the reload functions in config_reload.cpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "status.h"
#include "types.h"

namespace ferry {

struct GateConfig {
  GateId id = 0;
  Endpoint endpoint;
  bool enabled = true;
  std::string displayText;
};

struct TerminalConfig {
  std::string terminalId = "FT1";
  std::string brokers = "localhost:9092";
  std::string boardingTopic = "boarding.events";
  std::string metricsTopic = "terminal.metrics";
  std::string portAuthorityTopic = "pa.boarding";
  std::string portCode = "XX";
  std::string manifestDir = "/var/lib/ferryops/manifests";
  std::string indexPath = "/var/lib/ferryops/manifests/index.tsv";
  std::string serialDevice = "/dev/ttyUSB0";
  std::uint16_t beaconPort = 10110;
  Endpoint rampEndpoint;
  std::vector<GateConfig> gates;
  std::size_t deckLanes = 6;
  double laneLengthM = 120.0;
};

Status loadConfig(const std::string &path, TerminalConfig &out);

class Terminal;
void reloadGates(Terminal &t, const TerminalConfig &cfg);
void reloadBrokers(Terminal &t, const TerminalConfig &cfg);
void reloadRamp(Terminal &t, const TerminalConfig &cfg);
void reloadIndex(Terminal &t, const TerminalConfig &cfg);
void applyReload(Terminal &t, const TerminalConfig &cfg);

} // namespace ferry
