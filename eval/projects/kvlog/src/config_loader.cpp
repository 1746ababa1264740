// ConfigLoader: "key = value" files with includes and a .local override.
#include "kvlog/config_loader.h"
#include "kvlog/log.h"

#include <fstream>
#include <stdexcept>
#include <vector>

namespace kvlog {
namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos)
    return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

bool splitKeyValue(const std::string &line, std::string &key, std::string &value) {
  const auto eq = line.find('=');
  if (eq == std::string::npos)
    return false;
  key = trim(line.substr(0, eq));
  value = trim(line.substr(eq + 1));
  return !key.empty();
}

std::string dirOf(const std::string &path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

} // namespace

bool ConfigLoader::load(const std::string &path, Config &cfg) {
  if (!parseFile(path, cfg, 0))
    return false;
  if (cfg.walDir.empty())
    cfg.walDir = cfg.dataDir + "/wal";
  return true;
}

bool ConfigLoader::parseFile(const std::string &path, Config &cfg, int depth) {
  if (depth > kMaxDepth) {
    logError("config: includes nested too deeply at %s", path.c_str());
    return false;
  }
  std::ifstream in(path);
  if (!in.is_open()) {
    logError("config: cannot open %s", path.c_str());
    return false;
  }
  std::vector<std::string> includes;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    if (line.compare(0, 8, "include ") == 0) {
      std::string target = trim(line.substr(8));
      if (!target.empty() && target[0] != '/')
        target = dirOf(path) + "/" + target;
      includes.push_back(target);
      continue;
    }
    std::string key, value;
    if (!splitKeyValue(line, key, value) || !apply(key, value, cfg))
      logWarn("config: %s:%d: ignoring \"%s\"", path.c_str(), lineNo, line.c_str());
  }
  in.close();

  for (const std::string &include : includes) {
    if (!parseFile(include, cfg, depth + 1))
      return false;
  }

  // Host-specific overrides, applied last.
  in.open(path + ".local");
  while (std::getline(in, line)) { // OK: the stream was reopened on the .local file
    std::string key, value;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    if (!splitKeyValue(line, key, value) || !apply(key, value, cfg))
      logWarn("config: %s.local: ignoring \"%s\"", path.c_str(), line.c_str());
  }
  return true;
}

bool ConfigLoader::apply(const std::string &key, const std::string &value, Config &cfg) {
  try {
    if (key == "data_dir")
      cfg.dataDir = value;
    else if (key == "wal_dir")
      cfg.walDir = value;
    else if (key == "wal_segment_bytes")
      cfg.walSegmentBytes = std::stol(value);
    else if (key == "memtable_flush_bytes")
      cfg.memtableFlushBytes = std::stoul(value);
    else if (key == "listen_address")
      cfg.listenAddress = value;
    else if (key == "listen_port")
      cfg.listenPort = std::stoi(value);
    else if (key == "handler_threads")
      cfg.handlerThreads = static_cast<unsigned>(std::stoul(value));
    else if (key == "compaction_threads")
      cfg.compactionThreads = static_cast<unsigned>(std::stoul(value));
    else if (key == "admin_socket")
      cfg.adminSocketPath = value;
    else if (key == "kafka_brokers")
      cfg.kafkaBrokers = value;
    else if (key == "cdc_topic")
      cfg.cdcTopic = value;
    else if (key == "cdc_spool")
      cfg.cdcSpoolPath = value;
    else if (key == "metrics_path")
      cfg.metricsPath = value;
    else if (key == "metrics_interval_ms")
      cfg.metricsIntervalMs = std::stoi(value);
    else if (key == "log_path")
      cfg.logPath = value;
    else if (key == "slow_log_path")
      cfg.slowLogPath = value;
    else if (key == "heartbeat_ms")
      cfg.heartbeatMs = std::stoi(value);
    else if (key == "follower_timeout_ms")
      cfg.followerTimeoutMs = std::stoi(value);
    else if (key == "follower") {
      // follower = <id>@<host>:<port>
      const auto at = value.find('@');
      if (at == std::string::npos)
        return false;
      cfg.followers.push_back(FollowerConfig{value.substr(0, at), value.substr(at + 1)});
    } else
      return false;
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

} // namespace kvlog
