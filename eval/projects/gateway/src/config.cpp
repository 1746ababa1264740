// loadConfig(): key=value lines; `include=<path>` closes the current file and
// continues reading from the named one (the rest of the settings live
// there). The fgets() of the loop condition reads from the file opened last:
// quiet line (the stream is replaced right after its close). No bug here.
#include "gateway/config.h"

#include <cstdio>
#include <cstdlib>

namespace gateway {

namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos)
    return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

void apply(Config &cfg, const std::string &key, const std::string &value) {
  if (key == "brokers")
    cfg.brokers = value;
  else if (key == "instance")
    cfg.instance = value;
  else if (key == "spool")
    cfg.spoolPath = value;
  else if (key == "metrics")
    cfg.metricsPath = value;
  else if (key == "control")
    cfg.controlEndpoint = value;
  else if (key == "monitor")
    cfg.monitorEndpoint = value;
  else if (key == "upstream")
    cfg.primaryUpstream = value;
  else if (key == "backup")
    cfg.backupUpstream = value;
  else if (key == "max_control_errors")
    cfg.maxControlErrors = std::atoi(value.c_str());
  else if (key == "workers")
    cfg.workerThreads = std::atoi(value.c_str());
  else if (key == "legacy_greeting")
    cfg.legacyGreeting = value == "1" || value == "true";
  else if (key == "heartbeat_ms")
    cfg.heartbeatEvery = std::chrono::milliseconds(std::atol(value.c_str()));
  else if (key == "keepalive_ms")
    cfg.keepAliveEvery = std::chrono::milliseconds(std::atol(value.c_str()));
}

} // namespace

Config loadConfig(const std::string &path) {
  Config cfg;
  std::FILE *in = std::fopen(path.c_str(), "r");
  if (in == nullptr)
    return cfg;
  int includes = 0;
  char buf[512];
  while (std::fgets(buf, sizeof buf, in) != nullptr) { // OK: after an include, `in` is the new file
    const std::string line = trim(buf);
    if (line.empty() || line[0] == '#')
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      continue;
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "include") {
      if (++includes > 8)
        break;
      std::fclose(in);
      in = std::fopen(value.c_str(), "r");
      if (in == nullptr)
        return cfg;
      continue;
    }
    apply(cfg, key, value);
  }
  std::fclose(in);
  return cfg;
}

} // namespace gateway
