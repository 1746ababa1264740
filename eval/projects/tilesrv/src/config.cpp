// Reads the key=value configuration file. Unknown keys are rejected so that a
// typo in a reload does not silently keep the old value.
#include "config.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tilesrv {
namespace {

std::string trim(const std::string &s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos)
    return {};
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::vector<std::string> splitList(const std::string &value) {
  std::vector<std::string> out;
  std::stringstream ss(value);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item = trim(item);
    if (!item.empty())
      out.push_back(item);
  }
  return out;
}

std::uint64_t toU64(const std::string &value) { return std::stoull(value); }

} // namespace

ServerConfig loadConfig(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot open config " + path);

  ServerConfig cfg;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    try {
      if (key == "listen_host") cfg.listenHost = value;
      else if (key == "listen_port") cfg.listenPort = static_cast<std::uint16_t>(std::stoul(value));
      else if (key == "backlog") cfg.backlog = std::stoi(value);
      else if (key == "max_sessions") cfg.maxSessions = toU64(value);
      else if (key == "session_idle_seconds") cfg.sessionIdleTimeout = std::chrono::seconds(std::stol(value));
      else if (key == "requests_per_second") cfg.requestsPerSecond = std::stod(value);
      else if (key == "admin_socket") cfg.adminSocketPath = value;
      else if (key == "pid_file") cfg.pidFile = value;
      else if (key == "cache_dir") cfg.cacheDir = value;
      else if (key == "segment_bytes") cfg.segmentBytes = toU64(value);
      else if (key == "compact_after_dead_records") cfg.compactAfterDeadRecords = toU64(value);
      else if (key == "index_sync_ms") cfg.indexSyncInterval = std::chrono::milliseconds(std::stol(value));
      else if (key == "origins") cfg.origins = splitList(value);
      else if (key == "primary_origin") cfg.primaryOrigin = value;
      else if (key == "origin_store") cfg.originStoreRoot = value;
      else if (key == "fetch_retries") cfg.fetchRetries = std::stoi(value);
      else if (key == "origin_keepalive_seconds") cfg.originKeepAlive = std::chrono::seconds(std::stol(value));
      else if (key == "origin_idle_seconds") cfg.originIdleLimit = std::chrono::seconds(std::stol(value));
      else if (key == "render_threads") cfg.renderThreads = toU64(value);
      else if (key == "render_queue_depth") cfg.renderQueueDepth = toU64(value);
      else if (key == "background_threads") cfg.backgroundThreads = toU64(value);
      else if (key == "max_zoom") cfg.maxZoom = std::stoi(value);
      else if (key == "brokers") cfg.brokers = value;
      else if (key == "metrics_topic") cfg.metricsTopic = value;
      else if (key == "audit_topic") cfg.auditTopic = value;
      else if (key == "invalidation_topic") cfg.invalidationTopic = value;
      else if (key == "consumer_group") cfg.consumerGroup = value;
      else if (key == "access_log") cfg.accessLogPath = value;
      else if (key == "access_log_rotate_bytes") cfg.accessLogRotateBytes = toU64(value);
      else if (key == "replica_peer") cfg.replicaPeer = value;
      else if (key == "prefetch_plan") cfg.prefetchPlan = value;
      else throw std::runtime_error("unknown key '" + key + "'");
    } catch (const std::logic_error &e) {
      throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": bad value for " + key + ": " + e.what());
    }
  }

  if (cfg.origins.empty() && !cfg.primaryOrigin.empty())
    cfg.origins.push_back(cfg.primaryOrigin);
  if (cfg.primaryOrigin.empty() && !cfg.origins.empty())
    cfg.primaryOrigin = cfg.origins.front();
  if (cfg.origins.empty())
    throw std::runtime_error(path + ": at least one origin is required");
  return cfg;
}

std::string describe(const ServerConfig &cfg) {
  std::ostringstream out;
  out << "listen=" << cfg.listenHost << ':' << cfg.listenPort << " cache=" << cfg.cacheDir
      << " origins=" << cfg.origins.size() << " primary=" << cfg.primaryOrigin
      << " render_threads=" << cfg.renderThreads << " brokers=" << cfg.brokers
      << " generation=" << cfg.generation;
  return out.str();
}

} // namespace tilesrv
