// The relay's configuration, read from a key=value file.
#pragma once
#include <string>

namespace relay {

struct RelayConfig {
  std::string brokers = "localhost:9092";
  std::string logPath = "relay.log";
  std::string spoolPath = "relay.spool";
  int port = 7400;
  unsigned workers = 2;
};

RelayConfig loadConfig(const std::string &path);

} // namespace relay
