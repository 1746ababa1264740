// Bridge: assembles the telemetry bridge.
//
// Data path: Listener (handshake) -> IngestLoop (device frames) -> ingest
// queue -> TelemetryPump on the TaskCrew -> KafkaSink (or OfflineBuffer when
// Kafka lags) -> "telemetry" hub events -> AlertForwarder.
// Side threads: HeartbeatTimer (idle sweep, producer flush, heartbeat event),
// ConfigWatcher, the hub dispatcher.
//
// Operators control devices by dropping "*.cmd" files into the config
// directory; each line is "send <id> <text>", "kick <id> <reason>" or
// "fw <id> <version>" and is published on the hub ("cmd" or "fw/<id>").
// Changes to devices.conf reload the device directory. Both run on the crew.
//
// Lifecycle: Created -> start() -> Running -> stop() -> Stopped. stop() is
// idempotent (a state compare-exchange) and the destructor calls it.
#pragma once
#include <atomic>
#include <memory>
#include <string>

#include "iotbridge/blocking_queue.h"
#include "iotbridge/config.h"
#include "iotbridge/telemetry.h"

namespace kafka {
class KafkaProducer;
}

namespace iotbridge {

class AlertForwarder;
class ConfigWatcher;
class DeviceRegistry;
class HeartbeatTimer;
class IngestLoop;
class KafkaSink;
class Listener;
class OfflineBuffer;
class SubscriptionHub;
class TaskCrew;
class TelemetryPump;

class Bridge {
 public:
  enum class State { Created, Starting, Running, Stopping, Stopped, Failed };

  explicit Bridge(BridgeConfig config);
  ~Bridge();
  Bridge(const Bridge&) = delete;
  Bridge& operator=(const Bridge&) = delete;

  bool start();
  void stop();
  State state() const { return state_.load(); }

 private:
  void onConfigChange(const std::string& path);
  void publishCommandFile(const std::string& path);

  BridgeConfig config_;
  DeviceDirectory directory_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<SubscriptionHub> hub_;
  std::unique_ptr<DeviceRegistry> registry_;
  std::unique_ptr<BlockingQueue<TelemetryRecord>> ingestQueue_;
  std::unique_ptr<OfflineBuffer> buffer_;
  std::unique_ptr<KafkaSink> sink_;
  std::unique_ptr<AlertForwarder> alerts_;
  std::unique_ptr<TaskCrew> crew_;
  std::unique_ptr<TelemetryPump> pump_;
  std::unique_ptr<IngestLoop> loop_;
  std::unique_ptr<Listener> listener_;
  std::unique_ptr<HeartbeatTimer> heartbeat_;
  std::unique_ptr<ConfigWatcher> watcher_;
  std::atomic<State> state_{State::Created};
};

}  // namespace iotbridge
