// Configuration file parser: "key = value" lines, '#' comments, list values
// separated by commas. Unknown keys are an error so typos do not go unnoticed.
#include "config.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fleetd {

namespace {

std::string trim(const std::string &s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> splitList(const std::string &value) {
  std::vector<std::string> items;
  std::istringstream in(value);
  std::string item;
  while (std::getline(in, item, ','))
    if (!trim(item).empty())
      items.push_back(trim(item));
  return items;
}

bool parseBool(const std::string &key, const std::string &v) {
  if (v == "true" || v == "yes" || v == "1")
    return true;
  if (v == "false" || v == "no" || v == "0")
    return false;
  throw std::runtime_error(key + ": expected a boolean, got '" + v + "'");
}

long long parseInt(const std::string &key, const std::string &v) {
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(v, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used != v.size())
    throw std::runtime_error(key + ": expected a number, got '" + v + "'");
  return n;
}

} // namespace

Config loadConfig(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read configuration " + path);
  Config cfg;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    std::size_t eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    if (key == "vehicle_port")
      cfg.vehiclePort = static_cast<std::uint16_t>(parseInt(key, value));
    else if (key == "data_dir")
      cfg.dataDir = value;
    else if (key == "archive_dir")
      cfg.archiveDir = value;
    else if (key == "export_dir")
      cfg.exportDir = value;
    else if (key == "diagnostics")
      cfg.diagnosticsPath = value;
    else if (key == "pid_file")
      cfg.pidFile = value;
    else if (key == "metrics_file")
      cfg.metricsFile = value;
    else if (key == "brokers")
      cfg.brokers = value;
    else if (key == "alert_topic")
      cfg.alertTopic = value;
    else if (key == "raw_fault_topic")
      cfg.rawFaultTopic = value;
    else if (key == "command_topic")
      cfg.commandTopic = value;
    else if (key == "geofences")
      cfg.geofenceFile = value;
    else if (key == "ota_url")
      cfg.otaUrl = value;
    else if (key == "live_feed")
      cfg.liveFeedEndpoint = value;
    else if (key == "consoles")
      cfg.consoleEndpoints = splitList(value);
    else if (key == "blocked_firmware")
      cfg.blockedFirmware = splitList(value);
    else if (key == "map_overlay")
      cfg.mapOverlay = parseBool(key, value);
    else if (key == "takeover_on_reconnect")
      cfg.takeoverOnReconnect = parseBool(key, value);
    else if (key == "workers")
      cfg.workers = static_cast<unsigned>(parseInt(key, value));
    else if (key == "trip_roll_bytes")
      cfg.tripRollBytes = static_cast<std::size_t>(parseInt(key, value));
    else if (key == "index_roll_bytes")
      cfg.indexRollBytes = static_cast<std::size_t>(parseInt(key, value));
    else if (key == "csv_rows_per_part")
      cfg.csvRowsPerPart = static_cast<std::size_t>(parseInt(key, value));
    else if (key == "csv_max_parts")
      cfg.csvMaxParts = static_cast<int>(parseInt(key, value));
    else if (key == "handshake_timeout_ms")
      cfg.handshakeTimeoutMs = static_cast<int>(parseInt(key, value));
    else if (key == "idle_timeout_ms")
      cfg.idleTimeoutMs = parseInt(key, value);
    else if (key == "stale_after_ms")
      cfg.staleAfterMs = parseInt(key, value);
    else if (key == "linger_ms")
      cfg.lingerMs = parseInt(key, value);
    else if (key == "index_retention_ms")
      cfg.indexRetentionMs = parseInt(key, value);
    else
      throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": unknown key '" + key + "'");
  }
  if (cfg.csvRowsPerPart == 0 || cfg.csvMaxParts < 1)
    throw std::runtime_error(path + ": csv_rows_per_part and csv_max_parts must be positive");
  return cfg;
}

} // namespace fleetd
