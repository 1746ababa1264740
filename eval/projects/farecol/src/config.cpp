// Reads the daemon configuration from a key=value file. Unknown keys are reported and
// ignored so that a newer file still loads on an older daemon.
#include "config.h"
#include "diagnostics.h"

#include <cstdlib>
#include <fstream>

namespace farecol {
namespace {

std::string trim(const std::string &s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return std::string();
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool toInt(const std::string &value, long &out) {
  char *end = nullptr;
  out = std::strtol(value.c_str(), &end, 10);
  return end != value.c_str() && *end == '\0';
}

} // namespace

std::vector<std::string> splitList(const std::string &value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t comma = value.find(',', start);
    const std::string item = trim(value.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (!item.empty())
      out.push_back(item);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return out;
}

std::optional<Config> loadConfig(const std::string &path, Diagnostics &diag) {
  std::ifstream in(path);
  if (!in) {
    diag.error("cannot read configuration %s", path.c_str());
    return std::nullopt;
  }
  Config c;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) {
      diag.error("%s:%d: expected key=value", path.c_str(), lineNo);
      return std::nullopt;
    }
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    long n = 0;
    if (key == "journal_dir")
      c.journalDir = value;
    else if (key == "state_dir")
      c.stateDir = value;
    else if (key == "export_dir")
      c.exportDir = value;
    else if (key == "audit_log")
      c.auditPath = value;
    else if (key == "diagnostics")
      c.diagnosticsPath = value;
    else if (key == "brokers")
      c.brokers = value;
    else if (key == "topic_prefix")
      c.topicPrefix = value;
    else if (key == "ops_feed")
      c.opsFeedEndpoint = value;
    else if (key == "operator_notify")
      c.operatorNotify = value;
    else if (key == "device_address")
      c.deviceAddress = value;
    else if (key == "report_address")
      c.reportAddress = value;
    else if (key == "operators")
      c.operators = splitList(value);
    else if (key == "station_feeds")
      c.stationFeeds = splitList(value);
    else if (key == "quarantine") {
      for (const std::string &id : splitList(value))
        c.quarantinedDevices.insert(id);
    } else if (key.rfind("zone.", 0) == 0 && toInt(value, n))
      c.fares.zoneOf[key.substr(5)] = static_cast<int>(n);
    else if (toInt(value, n)) {
      if (key == "device_port")
        c.devicePort = static_cast<std::uint16_t>(n);
      else if (key == "report_port")
        c.reportPort = static_cast<std::uint16_t>(n);
      else if (key == "probe_port")
        c.probePort = static_cast<std::uint16_t>(n);
      else if (key == "max_waiting_clients")
        c.maxWaitingClients = static_cast<std::size_t>(n);
      else if (key == "day_cutover_hour")
        c.dayCutoverHour = static_cast<int>(n);
      else if (key == "pool_threads")
        c.poolThreads = static_cast<unsigned>(n);
      else if (key == "tap_queue")
        c.tapQueueCapacity = static_cast<std::size_t>(n);
      else if (key == "idle_limit")
        c.idleLimitSeconds = static_cast<int>(n);
      else if (key == "offline_grace")
        c.offlineGraceSeconds = static_cast<int>(n);
      else if (key == "flush_period_ms")
        c.flushPeriodMs = static_cast<int>(n);
      else if (key == "max_trip_seconds")
        c.maxTripSeconds = static_cast<int>(n);
      else if (key == "fare.bus")
        c.fares.flatBusCents = n;
      else if (key == "fare.base")
        c.fares.baseRailCents = n;
      else if (key == "fare.per_zone")
        c.fares.perZoneCents = n;
      else if (key == "fare.max")
        c.fares.maxFareCents = n;
      else if (key == "fare.penalty")
        c.fares.penaltyCents = n;
      else
        diag.warn("%s:%d: unknown key %s", path.c_str(), lineNo, key.c_str());
    } else {
      diag.warn("%s:%d: unknown key %s", path.c_str(), lineNo, key.c_str());
    }
  }
  if (c.poolThreads == 0)
    c.poolThreads = 1;
  return c;
}

} // namespace farecol
