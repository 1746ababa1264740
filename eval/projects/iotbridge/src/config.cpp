// Configuration loading ("key = value" files) and the device directory
// (devices.conf: "<id> <token> [<config-json>]").
#include "iotbridge/config.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "iotbridge/log.h"

namespace iotbridge {
namespace {

std::string trim(const std::string& s) {
  const char* ws = " \t\r\n";
  std::size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return {};
  std::size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

long toLong(const std::string& key, const std::string& text) {
  try {
    std::size_t used = 0;
    long v = std::stol(text, &used);
    if (used != text.size()) throw std::invalid_argument(text);
    return v;
  } catch (const std::exception&) {
    throw std::runtime_error("config: '" + key + "' is not a number: " + text);
  }
}

}  // namespace

std::map<std::string, std::string> readKeyValueFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::map<std::string, std::string> kv;
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    kv[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  return kv;
}

BridgeConfig loadConfig(const std::string& path) {
  BridgeConfig cfg;
  for (const auto& [key, value] : readKeyValueFile(path)) {
    if (key == "listen.host") cfg.listenHost = value;
    else if (key == "listen.port") cfg.listenPort = static_cast<std::uint16_t>(toLong(key, value));
    else if (key == "listen.backlog") cfg.listenBacklog = static_cast<int>(toLong(key, value));
    else if (key == "handshake.timeout_ms") cfg.handshakeTimeoutMs = static_cast<int>(toLong(key, value));
    else if (key == "kafka.brokers") cfg.brokers = value;
    else if (key == "kafka.telemetry_topic") cfg.telemetryTopic = value;
    else if (key == "kafka.alert_topic") cfg.alertTopic = value;
    else if (key == "kafka.max_backlog") cfg.maxProducerBacklog = static_cast<int>(toLong(key, value));
    else if (key == "kafka.close_timeout_ms") cfg.producerCloseTimeoutMs = static_cast<int>(toLong(key, value));
    else if (key == "buffer.dir") cfg.bufferDir = value;
    else if (key == "buffer.max_segment_bytes") cfg.maxSegmentBytes = static_cast<std::size_t>(toLong(key, value));
    else if (key == "config.dir") cfg.configDir = value;
    else if (key == "heartbeat.seconds") cfg.heartbeatSeconds = static_cast<int>(toLong(key, value));
    else if (key == "idle.timeout_seconds") cfg.idleTimeoutSeconds = static_cast<int>(toLong(key, value));
    else if (key == "pump.drainers") cfg.drainers = static_cast<std::size_t>(toLong(key, value));
    else if (key == "ingest.queue_capacity") cfg.ingestQueueCapacity = static_cast<std::size_t>(toLong(key, value));
    else if (key.rfind("alert.", 0) == 0) cfg.alertThresholds[key.substr(6)] = std::stod(value);
  }
  if (cfg.drainers == 0) cfg.drainers = 1;
  if (cfg.heartbeatSeconds <= 0) cfg.heartbeatSeconds = 15;
  return cfg;
}

bool DeviceDirectory::reload(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    IOTB_LOG(Warn, "directory", "cannot read " << path << ", keeping " << size() << " devices");
    return false;
  }
  std::unordered_map<std::string, Entry> fresh;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string id, token;
    if (!(fields >> id >> token) || id[0] == '#') continue;
    std::string json;
    std::getline(fields, json);
    json = trim(json);
    fresh[id] = Entry{token, json.empty() ? "{}" : json};
  }
  std::lock_guard<std::mutex> lk(mu_);
  entries_.swap(fresh);
  IOTB_LOG(Info, "directory", "loaded " << entries_.size() << " devices from " << path);
  return true;
}

bool DeviceDirectory::verify(const std::string& deviceId, const std::string& token) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = entries_.find(deviceId);
  return it != entries_.end() && it->second.token == token;
}

std::string DeviceDirectory::configFrameFor(const std::string& deviceId) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = entries_.find(deviceId);
  return "CONFIG " + (it == entries_.end() ? std::string("{}") : it->second.configJson) + "\n";
}

std::size_t DeviceDirectory::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.size();
}

}  // namespace iotbridge
