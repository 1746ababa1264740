// ProxyConfig parsing and validation.
#include "sqlproxy/ProxyConfig.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sqlproxy {

namespace {

std::string trim(const std::string &s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}

bool parseBool(const std::string &v) {
  return v == "1" || v == "true" || v == "yes" || v == "on";
}

unsigned long parseNumber(const std::string &key, const std::string &v) {
  try {
    std::size_t used = 0;
    unsigned long n = std::stoul(v, &used);
    if (used != v.size())
      throw std::invalid_argument(v);
    return n;
  } catch (const std::exception &) {
    throw std::runtime_error("config: " + key + ": not a number: " + v);
  }
}

BackendAddr parseBackend(const std::string &name, const std::string &value) {
  // "host:port [primary|replica]"
  std::istringstream in(value);
  std::string endpoint, role;
  in >> endpoint >> role;
  const auto colon = endpoint.rfind(':');
  if (colon == std::string::npos)
    throw std::runtime_error("config: backend." + name + ": expected host:port");
  BackendAddr b;
  b.name = name;
  b.host = endpoint.substr(0, colon);
  const unsigned long port = parseNumber("backend." + name, endpoint.substr(colon + 1));
  if (port == 0 || port > 65535)
    throw std::runtime_error("config: backend." + name + ": bad port");
  b.port = static_cast<uint16_t>(port);
  b.primary = (role == "primary");
  return b;
}

} // namespace

std::string BackendAddr::describe() const {
  return name + "(" + host + ":" + std::to_string(port) + ")";
}

bool BackendAddr::sameEndpoint(const BackendAddr &other) const {
  return name == other.name && host == other.host && port == other.port &&
         primary == other.primary;
}

ProxyConfig ProxyConfig::load(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("config: cannot read " + path);
  ProxyConfig cfg;
  std::string line;
  unsigned lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.erase(hash);
    line = trim(line);
    if (line.empty())
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("config: " + path + ":" + std::to_string(lineNo) + ": expected key = value");
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));

    if (key.rfind("backend.", 0) == 0)
      cfg.backends.push_back(parseBackend(key.substr(8), value));
    else if (key == "listen_port")
      cfg.listenPort = static_cast<uint16_t>(parseNumber(key, value));
    else if (key == "admin_port")
      cfg.adminPort = static_cast<uint16_t>(parseNumber(key, value));
    else if (key == "user")
      cfg.auth.user = value;
    else if (key == "password")
      cfg.auth.password = value;
    else if (key == "database")
      cfg.auth.database = value;
    else if (key == "pool_min_idle")
      cfg.pool.minIdle = parseNumber(key, value);
    else if (key == "pool_max_idle")
      cfg.pool.maxIdle = parseNumber(key, value);
    else if (key == "pool_max_size")
      cfg.pool.maxSize = parseNumber(key, value);
    else if (key == "pool_idle_timeout_s")
      cfg.pool.idleTimeout = std::chrono::seconds(parseNumber(key, value));
    else if (key == "connect_timeout_ms")
      cfg.pool.connectTimeout = std::chrono::milliseconds(parseNumber(key, value));
    else if (key == "validate_on_borrow")
      cfg.pool.validateOnBorrow = parseBool(value);
    else if (key == "reset_query")
      cfg.pool.resetQuery = value;
    else if (key == "worker_threads")
      cfg.workerThreads = parseNumber(key, value);
    else if (key == "queue_depth")
      cfg.queueDepth = parseNumber(key, value);
    else if (key == "max_result_bytes")
      cfg.maxResultBytes = parseNumber(key, value);
    else if (key == "health_interval_ms")
      cfg.healthInterval = std::chrono::milliseconds(parseNumber(key, value));
    else if (key == "metrics_interval_ms")
      cfg.metricsInterval = std::chrono::milliseconds(parseNumber(key, value));
    else if (key == "slow_query_us")
      cfg.slowQueryThreshold = std::chrono::microseconds(parseNumber(key, value));
    else if (key == "query_log")
      cfg.queryLogPath = value;
    else if (key == "query_log_max_bytes")
      cfg.queryLogMaxBytes = parseNumber(key, value);
    else if (key == "slow_log")
      cfg.slowLogPath = value;
    else if (key == "metrics_file")
      cfg.metricsPath = value;
    else if (key == "metrics_history")
      cfg.metricsHistoryPath = value;
    else if (key == "metrics_durable")
      cfg.metricsDurable = parseBool(value);
    else
      throw std::runtime_error("config: " + path + ":" + std::to_string(lineNo) + ": unknown key " + key);
  }
  return cfg;
}

void ProxyConfig::validate() const {
  if (backends.empty())
    throw std::runtime_error("config: no backend configured");
  const auto primaries = std::count_if(backends.begin(), backends.end(),
                                       [](const BackendAddr &b) { return b.primary; });
  if (primaries != 1)
    throw std::runtime_error("config: exactly one backend must be the primary");
  std::set<std::string> names;
  for (const BackendAddr &b : backends)
    if (!names.insert(b.name).second)
      throw std::runtime_error("config: backend " + b.name + " defined twice");
  if (auth.user.empty() || auth.database.empty())
    throw std::runtime_error("config: user and database are required");
  if (pool.maxSize == 0 || pool.minIdle > pool.maxIdle || pool.maxIdle > pool.maxSize)
    throw std::runtime_error("config: need pool_min_idle <= pool_max_idle <= pool_max_size, pool_max_size > 0");
  if (workerThreads == 0)
    throw std::runtime_error("config: worker_threads must be positive");
  if (listenPort == adminPort)
    throw std::runtime_error("config: listen_port and admin_port must differ");
}

} // namespace sqlproxy
