// Configuration file parsing ("key = value" lines).
#include "objgw/Config.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace objgw {
namespace {

std::string trim(const std::string &s) {
  const std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return "";
  const std::size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool parseEndpoint(const std::string &text, Endpoint &out) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  try {
    std::size_t used = 0;
    const std::string portText = text.substr(colon + 1);
    const unsigned long port = std::stoul(portText, &used);
    if (used != portText.size() || port == 0 || port > 65535)
      return false;
    out.host = text.substr(0, colon);
    out.port = static_cast<std::uint16_t>(port);
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

bool parseMillis(const std::string &text, std::chrono::milliseconds &out) {
  try {
    std::size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used != text.size() || v <= 0)
      return false;
    out = std::chrono::milliseconds(v);
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

} // namespace

bool Config::apply(const std::string &rawLine) {
  const std::string line = trim(rawLine);
  if (line.empty() || line[0] == '#')
    return true;
  const std::size_t eq = line.find('=');
  if (eq == std::string::npos)
    return false;
  const std::string key = trim(line.substr(0, eq));
  const std::string value = trim(line.substr(eq + 1));

  if (key == "backend") { // backend = <name> <host>:<port>
    const std::size_t sp = value.find(' ');
    if (sp == std::string::npos)
      return false;
    BackendSpec spec;
    spec.name = value.substr(0, sp);
    if (!parseEndpoint(trim(value.substr(sp + 1)), spec.endpoint))
      return false;
    backends.push_back(spec);
    return true;
  }
  if (key == "replica") {
    Endpoint ep;
    if (!parseEndpoint(value, ep))
      return false;
    replica = ep;
    return true;
  }
  if (key == "access_log") {
    accessLogPath = value;
    return !value.empty();
  }
  if (key == "stats_file") {
    statsPath = value;
    return !value.empty();
  }
  if (key == "spool_dir") {
    spoolDir = value;
    return !value.empty();
  }
  if (key == "brokers") {
    brokers = value;
    return !value.empty();
  }
  if (key == "topic") {
    topic = value;
    return !value.empty();
  }
  if (key == "io_timeout_ms") {
    std::chrono::milliseconds ms{0};
    if (!parseMillis(value, ms))
      return false;
    ioTimeoutMs = static_cast<int>(ms.count());
    return true;
  }
  if (key == "health_period_ms")
    return parseMillis(value, healthPeriod);
  if (key == "rotate_period_ms")
    return parseMillis(value, rotatePeriod);
  if (key == "metrics_interval_ms")
    return parseMillis(value, metricsInterval);
  if (key == "upload_ttl_ms")
    return parseMillis(value, uploadTtl);
  if (key == "replication_retry_ms")
    return parseMillis(value, replicationRetry);
  return false;
}

Config Config::load(const std::string &path) {
  Config cfg;
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (fp) {
    char buf[1024];
    while (std::fgets(buf, sizeof buf, fp)) {
      if (cfg.apply(buf))
        continue;
      std::fclose(fp);
      throw std::runtime_error(path + ": malformed line ending at offset " + std::to_string(std::ftell(fp))); // BUG: use-after-close
    }
    std::fclose(fp);
  }
  if (cfg.backends.empty())
    cfg.backends.push_back(BackendSpec{"local", Endpoint{"127.0.0.1", 9100}});
  return cfg;
}

} // namespace objgw
