// ConfigLoader: "key = value" config file plus optional ".local" overrides.
#include "ingestd/config.h"

#include <cstdlib>
#include <map>
#include <functional>

namespace ingestd {
namespace {

std::string trim(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

using Setter = std::function<void(Config &, const std::string &)>;

const std::map<std::string, Setter> &setters() {
  static const std::map<std::string, Setter> table = {
      {"listen_address", [](Config &c, const std::string &v) { c.listenAddress = v; }},
      {"listen_port", [](Config &c, const std::string &v) { c.listenPort = std::atoi(v.c_str()); }},
      {"admin_port", [](Config &c, const std::string &v) { c.adminPort = std::atoi(v.c_str()); }},
      {"segment_dir", [](Config &c, const std::string &v) { c.segmentDir = v; }},
      {"spool_path", [](Config &c, const std::string &v) { c.spoolPath = v; }},
      {"stats_path", [](Config &c, const std::string &v) { c.statsPath = v; }},
      {"log_path", [](Config &c, const std::string &v) { c.logPath = v; }},
      {"secrets_path", [](Config &c, const std::string &v) { c.secretsPath = v; }},
      {"max_segment_bytes",
       [](Config &c, const std::string &v) { c.maxSegmentBytes = std::strtoull(v.c_str(), nullptr, 10); }},
      {"storage_endpoint", [](Config &c, const std::string &v) { c.storageEndpoint = v; }},
      {"storage_retries", [](Config &c, const std::string &v) { c.storageRetries = std::atoi(v.c_str()); }},
      {"upload_threads",
       [](Config &c, const std::string &v) { c.uploadThreads = static_cast<unsigned>(std::atoi(v.c_str())); }},
      {"multipart_threshold",
       [](Config &c, const std::string &v) { c.multipartThreshold = std::strtoull(v.c_str(), nullptr, 10); }},
      {"part_size", [](Config &c, const std::string &v) { c.partSize = std::strtoull(v.c_str(), nullptr, 10); }},
      {"max_archive_parts", [](Config &c, const std::string &v) { c.maxArchiveParts = std::atoi(v.c_str()); }},
      {"kafka_brokers", [](Config &c, const std::string &v) { c.kafkaBrokers = v; }},
      {"segment_topic", [](Config &c, const std::string &v) { c.segmentTopic = v; }},
      {"health_topic", [](Config &c, const std::string &v) { c.healthTopic = v; }},
      {"stats_topic", [](Config &c, const std::string &v) { c.statsTopic = v; }},
      {"standby_peer", [](Config &c, const std::string &v) { c.standbyPeer = v; }},
      {"encoder_path", [](Config &c, const std::string &v) { c.encoderPath = v; }},
      {"thumb_timeout_ms", [](Config &c, const std::string &v) { c.thumbTimeoutMs = std::atoi(v.c_str()); }},
      {"idle_timeout_sec", [](Config &c, const std::string &v) { c.idleTimeoutSec = std::atoi(v.c_str()); }},
      {"handshake_timeout_ms",
       [](Config &c, const std::string &v) { c.handshakeTimeoutMs = std::atoi(v.c_str()); }},
      {"health_interval_sec",
       [](Config &c, const std::string &v) { c.healthIntervalSec = std::atoi(v.c_str()); }},
  };
  return table;
}

} // namespace

bool parseConfigStream(std::istream &in, Config &out) {
  std::string line;
  while (std::getline(in, line)) { // SAME: cfg_reload
    const auto hash = line.find('#');
    if (hash != std::string::npos)
      line.erase(hash);
    line = trim(line);
    if (line.empty())
      continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      return false;
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    auto it = setters().find(key);
    if (it != setters().end())
      it->second(out, value);
  }
  return !in.bad();
}

ConfigLoader::ConfigLoader(std::string path) : path_(std::move(path)) {}

bool ConfigLoader::load(Config &out) {
  in_.open(path_);
  if (!in_.is_open())
    return false;
  const bool parsed = parseConfigStream(in_, out);
  in_.close();
  if (!parsed)
    return false;

  // Optional per-host overrides next to the main file.
  in_.clear();
  in_.open(path_ + ".local");
  if (!in_.is_open())
    return true;
  const bool local = parseConfigStream(in_, out); // OK: the stream was reopened on the .local file
  in_.close();
  return local;
}

bool ConfigLoader::reload(Config &out) {
  // Start from the running values so keys missing from the file keep them.
  Config fresh = out;
  if (!parseConfigStream(in_, fresh)) // BUG: use-after-close #cfg_reload
    return false;
  out = fresh;
  return true;
}

} // namespace ingestd
