// Configuration file parsing.
#include "dnscache/config.h"

#include <cstdlib>
#include <fstream>
#include <istream>

namespace dnscache {

namespace {

constexpr std::size_t kMaxIncludes = 16;

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool toBool(const std::string &v) { return v == "yes" || v == "true" || v == "1" || v == "on"; }

bool applyLine(const std::string &key, const std::string &value, Config &cfg,
               std::vector<std::string> &includes, std::string &error) {
  const long n = std::strtol(value.c_str(), nullptr, 10);
  if (key == "listen_udp")
    cfg.udpListen.push_back(value);
  else if (key == "listen_tcp")
    cfg.tcpListen = value;
  else if (key == "control_socket")
    cfg.controlSocket = value;
  else if (key == "upstream")
    cfg.upstreams.push_back(value);
  else if (key == "connections_per_upstream")
    cfg.connectionsPerUpstream = static_cast<std::size_t>(n);
  else if (key == "upstream_timeout_ms")
    cfg.upstreamTimeoutMs = static_cast<int>(n);
  else if (key == "max_attempts")
    cfg.maxAttempts = static_cast<int>(n);
  else if (key == "health_interval")
    cfg.healthIntervalSec = static_cast<int>(n);
  else if (key == "cache_entries")
    cfg.cacheEntries = static_cast<std::size_t>(n);
  else if (key == "snapshot")
    cfg.snapshotPath = value;
  else if (key == "snapshot_interval")
    cfg.snapshotIntervalSec = static_cast<int>(n);
  else if (key == "durable_snapshots")
    cfg.durableSnapshots = toBool(value);
  else if (key == "query_log")
    cfg.queryLog = value;
  else if (key == "error_log")
    cfg.errorLog = value;
  else if (key == "log_level")
    cfg.logLevel = value;
  else if (key == "hosts")
    cfg.hostsFile = value;
  else if (key == "zone")
    cfg.zoneFile = value;
  else if (key == "kafka_brokers")
    cfg.kafkaBrokers = value;
  else if (key == "kafka_topic_prefix")
    cfg.kafkaTopicPrefix = value;
  else if (key == "metrics_spool")
    cfg.metricsSpool = value;
  else if (key == "metrics_textfile")
    cfg.metricsTextfile = value;
  else if (key == "metrics_interval")
    cfg.metricsIntervalSec = static_cast<int>(n);
  else if (key == "max_pending_metrics")
    cfg.maxPendingMetrics = static_cast<int>(n);
  else if (key == "workers")
    cfg.workers = static_cast<unsigned>(n);
  else if (key == "pid_file")
    cfg.pidFile = value;
  else if (key == "tcp_idle_timeout_ms")
    cfg.tcpIdleTimeoutMs = static_cast<int>(n);
  else if (key == "max_tcp_sessions")
    cfg.maxTcpSessions = static_cast<std::size_t>(n);
  else if (key == "log_summary")
    cfg.logSummary = toBool(value);
  else if (key == "include")
    includes.push_back(value);
  else {
    error = "unknown key '" + key + "'";
    return false;
  }
  return true;
}

bool parseStream(std::istream &in, const std::string &name, Config &cfg,
                 std::vector<std::string> &includes, std::string &error) {
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
      error = name + ":" + std::to_string(lineNo) + ": expected key = value";
      return false;
    }
    if (!applyLine(trim(line.substr(0, eq)), trim(line.substr(eq + 1)), cfg, includes, error)) {
      error = name + ":" + std::to_string(lineNo) + ": " + error;
      return false;
    }
  }
  if (in.bad()) {
    error = name + ": read error";
    return false;
  }
  return true;
}

} // namespace

bool loadConfig(const std::string &path, Config &cfg, std::string &error) {
  std::ifstream in(path);
  if (!in.is_open()) {
    error = "cannot open " + path;
    return false;
  }
  std::vector<std::string> includes;
  if (!parseStream(in, path, cfg, includes, error))
    return false;
  // Included files are applied after the main file, in order, so they can
  // override it (one stream, reopened per file).
  for (std::size_t i = 0; i < includes.size(); ++i) {
    if (i >= kMaxIncludes) {
      error = "too many include files";
      return false;
    }
    const std::string name = includes[i];
    in.close();
    in.clear();
    in.open(name);
    if (!in.is_open()) {
      error = "cannot open include " + name;
      return false;
    }
    if (!parseStream(in, name, cfg, includes, error)) // OK: `in` was reopened on the include file just above
      return false;
  }
  if (cfg.udpListen.empty())
    cfg.udpListen.push_back("127.0.0.1:53");
  if (cfg.upstreams.empty()) {
    error = "no upstream configured";
    return false;
  }
  return true;
}

} // namespace dnscache
