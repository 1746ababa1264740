// "key = value" configuration file.
//
//   file = /var/log/nginx/access.log        (repeatable)
//   upstream.<name> = host:port             (first one is the primary)
//   standby = host:port
//   spool.dir = /var/spool/logship
//   batch.lines = 500
//   ...
#include "logship/config.h"
#include "logship/util.h"

#include <cstdlib>

namespace logship {

namespace {

bool parseSize(const std::string &v, std::size_t *out) {
  char *end = nullptr;
  const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
  if (end == v.c_str())
    return false;
  std::size_t mult = 1;
  if (*end == 'k' || *end == 'K')
    mult = 1024;
  else if (*end == 'm' || *end == 'M')
    mult = 1024 * 1024;
  else if (*end != '\0')
    return false;
  *out = static_cast<std::size_t>(n) * mult;
  return true;
}

bool parseMillis(const std::string &v, std::chrono::milliseconds *out) {
  std::size_t n = 0;
  if (!parseSize(v, &n))
    return false;
  *out = std::chrono::milliseconds(n);
  return true;
}

bool applyKey(Config &cfg, const std::string &key, const std::string &value, std::string *why) {
  if (key == "file") {
    cfg.files.push_back(value);
    return true;
  }
  if (key.rfind("upstream.", 0) == 0) {
    UpstreamSpec spec;
    spec.name = key.substr(9);
    if (spec.name.empty() || !parseEndpoint(value, &spec.endpoint)) {
      *why = "bad upstream endpoint";
      return false;
    }
    cfg.upstreams.push_back(std::move(spec));
    return true;
  }
  if (key == "standby") {
    Endpoint ep;
    if (!parseEndpoint(value, &ep)) {
      *why = "bad standby endpoint";
      return false;
    }
    cfg.standby = ep;
    return true;
  }
  if (key == "spool.dir") {
    cfg.spoolDir = value;
    return true;
  }
  if (key == "spool.max") {
    if (parseSize(value, &cfg.spoolMaxBytes))
      return true;
    *why = "bad size";
    return false;
  }
  if (key == "checkpoint") {
    cfg.checkpointPath = value;
    return true;
  }
  if (key == "metrics.brokers") {
    cfg.metricsBrokers = value;
    return true;
  }
  if (key == "metrics.topic") {
    cfg.metricsTopic = value;
    return true;
  }
  if (key == "deadletter.topic") {
    cfg.deadLetterTopic = value;
    return true;
  }
  if (key == "farewell") {
    cfg.farewell = value;
    return true;
  }
  if (key == "batch.lines") {
    if (parseSize(value, &cfg.batchLines))
      return true;
    *why = "bad number";
    return false;
  }
  if (key == "batch.delay_ms") {
    if (parseMillis(value, &cfg.batchDelay))
      return true;
    *why = "bad duration";
    return false;
  }
  if (key == "heartbeat_ms") {
    if (parseMillis(value, &cfg.heartbeat))
      return true;
    *why = "bad duration";
    return false;
  }
  if (key == "metrics.interval_ms") {
    if (parseMillis(value, &cfg.metricsInterval))
      return true;
    *why = "bad duration";
    return false;
  }
  if (key == "checkpoint.interval_ms") {
    if (parseMillis(value, &cfg.checkpointInterval))
      return true;
    *why = "bad duration";
    return false;
  }
  if (key == "workers") {
    if (parseSize(value, &cfg.workers))
      return true;
    *why = "bad number";
    return false;
  }
  *why = "unknown key '" + key + "'";
  return false;
}

} // namespace

bool parseEndpoint(const std::string &text, Endpoint *out) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  char *end = nullptr;
  const unsigned long port = std::strtoul(text.c_str() + colon + 1, &end, 10);
  if (*end != '\0' || port == 0 || port > 65535)
    return false;
  out->host = text.substr(0, colon);
  out->port = static_cast<std::uint16_t>(port);
  return true;
}

std::optional<Config> loadConfig(const std::string &path, std::string *err) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp) {
    if (err)
      *err = "cannot open " + path;
    return std::nullopt;
  }
  Config cfg;
  char line[4096];
  int lineno = 0;
  while (std::fgets(line, sizeof line, fp)) {
    ++lineno;
    const std::string s = util::trim(line);
    if (s.empty() || s[0] == '#')
      continue;
    const auto eq = s.find('=');
    std::string why = "expected 'key = value'";
    if (eq == std::string::npos ||
        !applyKey(cfg, util::trim(s.substr(0, eq)), util::trim(s.substr(eq + 1)), &why)) {
      if (err)
        *err = path + ":" + std::to_string(lineno) + ": " + why;
      std::fclose(fp);
      return std::nullopt;
    }
  }
  if (std::ferror(fp)) { // OK: fp is still open here, the error path above returned
    if (err)
      *err = "read error on " + path;
    std::fclose(fp);
  }
  std::fclose(fp); // BUG: double-close
  if (cfg.upstreams.empty()) {
    if (err)
      *err = path + ": no upstream configured";
    return std::nullopt;
  }
  return cfg;
}

void dumpConfig(const Config &cfg, std::FILE *out) {
  for (const auto &f : cfg.files)
    std::fprintf(out, "file = %s\n", f.c_str());
  for (const auto &u : cfg.upstreams)
    std::fprintf(out, "upstream.%s = %s\n", u.name.c_str(), u.endpoint.str().c_str());
  if (cfg.standby)
    std::fprintf(out, "standby = %s\n", cfg.standby->str().c_str());
  std::fprintf(out, "spool.dir = %s\nspool.max = %zu\n", cfg.spoolDir.c_str(), cfg.spoolMaxBytes);
  std::fprintf(out, "checkpoint = %s\n", cfg.checkpointPath.c_str());
  std::fprintf(out, "metrics.brokers = %s\nmetrics.topic = %s\n", cfg.metricsBrokers.c_str(),
               cfg.metricsTopic.c_str());
  std::fprintf(out, "deadletter.topic = %s\n", cfg.deadLetterTopic.c_str());
  if (!cfg.farewell.empty())
    std::fprintf(out, "farewell = %s\n", cfg.farewell.c_str());
  std::fprintf(out, "batch.lines = %zu\nbatch.delay_ms = %lld\n", cfg.batchLines,
               static_cast<long long>(cfg.batchDelay.count()));
  std::fprintf(out, "heartbeat_ms = %lld\nworkers = %zu\n",
               static_cast<long long>(cfg.heartbeat.count()), cfg.workers);
}

} // namespace logship
