// config.cpp: loadConfig(), the "key = value" configuration file reader.
#include "telemetry/config.h"

#include <fstream>
#include <functional>
#include <map>
#include <stdexcept>

namespace telemetry {
namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos)
    return "";
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::size_t toSize(const std::string &key, const std::string &value) {
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(value, &used);
    if (used != value.size())
      throw std::invalid_argument(value);
    return static_cast<std::size_t>(v);
  } catch (const std::exception &) {
    throw std::runtime_error("config: " + key + " must be a number, got '" +
                             value + "'");
  }
}

} // namespace

Config loadConfig(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("config: cannot read " + path);

  Config cfg;
  using Setter = std::function<void(const std::string &, const std::string &)>;
  const std::map<std::string, Setter> setters = {
      {"instance", [&](auto &, auto &v) { cfg.instance = v; }},
      {"port", [&](auto &k, auto &v) { cfg.port = static_cast<std::uint16_t>(toSize(k, v)); }},
      {"admin_socket", [&](auto &, auto &v) { cfg.adminSocket = v; }},
      {"brokers", [&](auto &, auto &v) { cfg.brokers = v; }},
      {"backup_brokers", [&](auto &, auto &v) { cfg.backupBrokers = v; }},
      {"audit_brokers", [&](auto &, auto &v) { cfg.auditBrokers = v; }},
      {"metrics_topic", [&](auto &, auto &v) { cfg.metricsTopic = v; }},
      {"spool_dir", [&](auto &, auto &v) { cfg.spoolDir = v; }},
      {"archive_dir", [&](auto &, auto &v) { cfg.archiveDir = v; }},
      {"priority_segment", [&](auto &, auto &v) { cfg.prioritySegment = v; }},
      {"access_log", [&](auto &, auto &v) { cfg.accessLogPath = v; }},
      {"log_max_bytes", [&](auto &k, auto &v) { cfg.logMaxBytes = toSize(k, v); }},
      {"log_keep", [&](auto &k, auto &v) { cfg.logKeep = static_cast<int>(toSize(k, v)); }},
      {"statsd_host", [&](auto &, auto &v) { cfg.statsdHost = v; }},
      {"statsd_port", [&](auto &k, auto &v) { cfg.statsdPort = static_cast<int>(toSize(k, v)); }},
      {"controller_agent", [&](auto &, auto &v) { cfg.controllerAgent = v; }},
      {"max_agents", [&](auto &k, auto &v) { cfg.maxAgents = toSize(k, v); }},
      {"inbox_capacity", [&](auto &k, auto &v) { cfg.inboxCapacity = toSize(k, v); }},
      {"batch_size", [&](auto &k, auto &v) { cfg.batchSize = toSize(k, v); }},
      {"tenant_quota_bytes", [&](auto &k, auto &v) { cfg.tenantQuotaBytes = toSize(k, v); }},
      {"spool_segment_bytes", [&](auto &k, auto &v) { cfg.spoolSegmentBytes = toSize(k, v); }},
      {"max_spill_lines", [&](auto &k, auto &v) { cfg.maxSpillLines = toSize(k, v); }},
      {"replay_threads", [&](auto &k, auto &v) { cfg.replayThreads = toSize(k, v); }},
      {"announce_failover_on_old_cluster",
       [&](auto &, auto &v) { cfg.announceFailoverOnOldCluster = (v == "true" || v == "yes" || v == "1"); }},
  };

  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    const std::string text = trim(line.substr(0, line.find('#')));
    if (text.empty())
      continue;
    const auto eq = text.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(lineNo) +
                               ": expected key = value");
    const std::string key = trim(text.substr(0, eq));
    const std::string value = trim(text.substr(eq + 1));
    auto it = setters.find(key);
    if (it == setters.end())
      throw std::runtime_error(path + ":" + std::to_string(lineNo) +
                               ": unknown key '" + key + "'");
    it->second(key, value);
  }
  return cfg;
}

} // namespace telemetry
