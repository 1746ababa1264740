// Bridge: wires the components together and owns their start/stop order
// (see bridge.h for the data path).
#include "iotbridge/bridge.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "iotbridge/alert_forwarder.h"
#include "iotbridge/config_watcher.h"
#include "iotbridge/device_registry.h"
#include "iotbridge/heartbeat_timer.h"
#include "iotbridge/ingest_loop.h"
#include "iotbridge/kafka_sink.h"
#include "iotbridge/listener.h"
#include "iotbridge/log.h"
#include "iotbridge/offline_buffer.h"
#include "iotbridge/subscription_hub.h"
#include "iotbridge/task_crew.h"
#include "iotbridge/telemetry_pump.h"
#include "messaging.h"

namespace iotbridge {

Bridge::Bridge(BridgeConfig config)
    : config_(std::move(config)),
      producer_(std::make_shared<kafka::KafkaProducer>(config_.brokers)),
      hub_(std::make_unique<SubscriptionHub>()),
      registry_(std::make_unique<DeviceRegistry>()),
      ingestQueue_(std::make_unique<BlockingQueue<TelemetryRecord>>(config_.ingestQueueCapacity)),
      buffer_(std::make_unique<OfflineBuffer>(config_.bufferDir, config_.maxSegmentBytes)),
      sink_(std::make_unique<KafkaSink>(producer_, config_.telemetryTopic,
                                        config_.maxProducerBacklog,
                                        config_.producerCloseTimeoutMs)),
      alerts_(std::make_unique<AlertForwarder>(*hub_, producer_, config_.alertTopic,
                                               config_.alertThresholds)),
      // One extra worker beyond the drainers for reloads and other short jobs.
      crew_(std::make_unique<TaskCrew>(config_.drainers + 1, "bridge")),
      pump_(std::make_unique<TelemetryPump>(*ingestQueue_, *sink_, *buffer_, *hub_)),
      loop_(std::make_unique<IngestLoop>(*registry_, *hub_, *ingestQueue_,
                                         config_.idleTimeoutSeconds)),
      listener_(std::make_unique<Listener>(config_, directory_, *loop_)) {}

Bridge::~Bridge() {
  stop();  // OK: stop() is idempotent (state compare-exchange)
}

bool Bridge::start() {
  State expected = State::Created;
  if (!state_.compare_exchange_strong(expected, State::Starting)) return false;

  directory_.reload(config_.configDir + "/devices.conf");
  if (!buffer_->open()) {
    state_ = State::Failed;
    return false;
  }

  hub_->start();
  registry_->setEvictionHook([this](const std::string& deviceId) {
    hub_->publish("device.offline", deviceId);  // SAME: offlinehook
  });
  alerts_->attach();
  pump_->start(*crew_, config_.drainers);
  loop_->start();
  state_ = State::Running;

  if (!listener_->start()) {
    IOTB_LOG(Error, "bridge", "listener failed to start");
    stop();
    return false;
  }

  heartbeat_ = std::make_unique<HeartbeatTimer>(
      std::chrono::seconds(config_.heartbeatSeconds), [this] {
        loop_->requestIdleSweep();
        sink_->flush();  // OK: stop() joins the heartbeat before sink_->close()
        hub_->publish("bridge.heartbeat", std::to_string(registry_->size()));  // OK: heartbeat joined before hub_->shutdown()
      });
  heartbeat_->start();

  watcher_ = std::make_unique<ConfigWatcher>(config_.configDir, [this](const std::string& path) {
    crew_->post([this, path] { onConfigChange(path); });  // OK: watcher_ is destroyed (thread joined) before crew_->shutdown()
  });
  if (!watcher_->start()) {
    IOTB_LOG(Warn, "bridge", "config changes will need a restart");
  }
  IOTB_LOG(Info, "bridge", "running");
  return true;
}

void Bridge::stop() {
  State expected = State::Running;
  if (!state_.compare_exchange_strong(expected, State::Stopping)) return;
  IOTB_LOG(Info, "bridge", "stopping");

  watcher_.reset();  // OK: ~ConfigWatcher stops the watcher exactly once here
  listener_->stop();
  if (heartbeat_) heartbeat_->stop();

  // Wake the drainers first so they flush what is left into Kafka.
  ingestQueue_->close();  // SAME: ingestpush
  loop_->stop();
  crew_->shutdown();

  sink_->close();
  alerts_->shutdown();  // BUG: use-after-close #alertflush
  hub_->shutdown();
  registry_->closeAll();  // BUG: use-after-close #offlinehook
  buffer_->close();

  state_ = State::Stopped;
  IOTB_LOG(Info, "bridge", "stopped");
}

namespace {
bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

void Bridge::onConfigChange(const std::string& path) {
  if (endsWith(path, "/devices.conf")) {
    directory_.reload(path);
  } else if (endsWith(path, ".cmd")) {
    publishCommandFile(path);
  } else {
    IOTB_LOG(Debug, "bridge", "ignoring change to " << path);
  }
}

void Bridge::publishCommandFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return;  // already consumed by an earlier event
  std::string line;
  int published = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string verb, deviceId, rest;
    if (!(fields >> verb >> deviceId)) continue;
    std::getline(fields >> std::ws, rest);
    if (verb == "fw") {
      hub_->publish("fw/" + deviceId, rest);
    } else {
      hub_->publish("cmd", line);
    }
    ++published;
  }
  in.close();
  std::remove(path.c_str());
  IOTB_LOG(Info, "bridge", path << ": " << published << " commands published");
}

}  // namespace iotbridge
