// Parser of the key = value configuration file ('#' starts a comment).
#include "config.h"

#include <cstdlib>
#include <fstream>
#include <map>

namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return std::string();
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool toInt(const std::string &v, long lo, long hi, long &out) {
  char *end = nullptr;
  out = std::strtol(v.c_str(), &end, 10);
  return !v.empty() && end && *end == '\0' && out >= lo && out <= hi;
}

bool toBool(const std::string &v, bool &out) {
  if (v == "yes" || v == "true" || v == "1") {
    out = true;
    return true;
  }
  if (v == "no" || v == "false" || v == "0") {
    out = false;
    return true;
  }
  return false;
}

} // namespace

bool loadConfig(const std::string &path, Config &out, std::string &error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return false;
  }
  Config cfg;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.erase(hash);
    line = trim(line);
    if (line.empty())
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      error = path + ":" + std::to_string(lineNo) + ": expected key = value";
      return false;
    }
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    long n = 0;
    bool ok = true;
    if (key == "node_name")
      cfg.nodeName = value;
    else if (key == "listen")
      cfg.listenAddr = value;
    else if (key == "port")
      ok = toInt(value, 1, 65535, n) && (cfg.port = static_cast<std::uint16_t>(n), true);
    else if (key == "data_dir")
      cfg.dataDir = value;
    else if (key == "spool_dir")
      cfg.spoolDir = value;
    else if (key == "export_dir")
      cfg.exportDir = value;
    else if (key == "audit")
      cfg.auditTarget = value;
    else if (key == "kafka_brokers")
      cfg.kafkaBrokers = value;
    else if (key == "billing_topic")
      cfg.billingTopic = value;
    else if (key == "mirror_host")
      cfg.mirrorHost = value;
    else if (key == "ops_events")
      ok = toBool(value, cfg.opsEvents);
    else if (key == "export_xml")
      ok = toBool(value, cfg.exportXml);
    else if (key == "billing_cycle_day")
      ok = toInt(value, 1, 28, n) && (cfg.billingCycleDay = static_cast<int>(n), true);
    else if (key == "stale_after")
      ok = toInt(value, 60, 7 * 86400, n) && (cfg.staleAfterSec = static_cast<int>(n), true);
    else if (key == "housekeeping_ms")
      ok = toInt(value, 100, 60000, n) && (cfg.housekeepingMs = static_cast<int>(n), true);
    else if (key == "export_threads")
      ok = toInt(value, 1, 16, n) && (cfg.exportThreads = static_cast<unsigned>(n), true);
    else if (key == "health_interval_ms")
      ok = toInt(value, 100, 600000, n) && (cfg.healthIntervalMs = static_cast<int>(n), true);
    else if (key == "health_file")
      cfg.healthFile = value;
    else {
      error = path + ":" + std::to_string(lineNo) + ": unknown key '" + key + "'";
      return false;
    }
    if (!ok) {
      error = path + ":" + std::to_string(lineNo) + ": bad value for " + key;
      return false;
    }
  }
  out = cfg;
  return true;
}
