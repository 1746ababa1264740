// Bridge configuration and the device directory.
//
// BridgeConfig is read from a "key = value" file by loadConfig() (unknown keys
// are ignored, malformed numbers throw std::runtime_error).
//
// DeviceDirectory holds, per device id, the shared secret token and the
// configuration blob pushed to the device after its handshake. It is loaded
// from "devices.conf" ("<id> <token> [<config-json>]" per line) and can be
// reloaded at run time; all methods are thread-safe.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace iotbridge {

struct BridgeConfig {
  std::string listenHost = "0.0.0.0";
  std::uint16_t listenPort = 7878;
  int listenBacklog = 128;
  int handshakeTimeoutMs = 5000;

  std::string brokers = "localhost:9092";
  std::string telemetryTopic = "iot.telemetry";
  std::string alertTopic = "iot.alerts";
  int maxProducerBacklog = 10000;
  int producerCloseTimeoutMs = 5000;

  std::string bufferDir = "/var/lib/iotbridge/buffer";
  std::size_t maxSegmentBytes = 8u << 20;

  std::string configDir = "/etc/iotbridge";
  int heartbeatSeconds = 15;
  int idleTimeoutSeconds = 90;
  std::size_t drainers = 2;
  std::size_t ingestQueueCapacity = 50000;

  std::map<std::string, double> alertThresholds;
};

std::map<std::string, std::string> readKeyValueFile(const std::string& path);
BridgeConfig loadConfig(const std::string& path);

class DeviceDirectory {
 public:
  // Returns false and keeps the current table if the file cannot be read.
  bool reload(const std::string& path);
  bool verify(const std::string& deviceId, const std::string& token) const;
  // "CONFIG <json>\n" for the device ("CONFIG {}\n" when none is configured).
  std::string configFrameFor(const std::string& deviceId) const;
  std::size_t size() const;

 private:
  struct Entry {
    std::string token;
    std::string configJson;
  };
  mutable std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace iotbridge
