// Gateway::reload: applies a new configuration on SIGHUP without dropping
// the truck connections. The alert publisher, the trip store and the ingest
// pipeline are rebuilt when their settings change; consoles and geofences are
// updated in place. Settings that need a restart are only logged.
#include <exception>

#include "diagnostics.h"
#include "gateway.h"

namespace fleetd {

namespace {
constexpr std::size_t kIngestCapacity = 65536;
}

void Gateway::reload(const Config &next) {
  if (next.brokers != cfg_.brokers || next.alertTopic != cfg_.alertTopic) {
    std::shared_ptr<AlertPublisher> previous = alerts_;
    producer_ = kafka::createProducer(next.brokers);
    alerts_ = std::make_shared<AlertPublisher>(producer_, next.alertTopic, diag_);
    wireAlerts();
    watchdog_.watch(alerts_);
    previous->close();
    Alert notice;
    notice.kind = "config";
    notice.timestampMs = nowMs();
    notice.detail = "alerts now published to " + next.alertTopic + " on " + next.brokers;
    alerts_->publish(notice); // OK
  }

  if (next.dataDir != cfg_.dataDir || next.tripRollBytes != cfg_.tripRollBytes ||
      next.indexRollBytes != cfg_.indexRollBytes) {
    ingest_->stop();
    trips_->closeAll();
    trips_.reset();
    try {
      trips_.emplace(next, diag_, archiver_);
    } catch (const std::exception &e) {
      diag_.printf("cannot open trip store in %s (%s), staying in %s", next.dataDir.c_str(),
                   e.what(), cfg_.dataDir.c_str());
      trips_.emplace(cfg_, diag_, archiver_);
    }
    trips_->markEpoch("trip store reopened after reload"); // OK
    ingest_ = std::make_unique<IngestPipeline>(*trips_, diag_, kIngestCapacity);
    ingest_->start(); // OK
  }

  if (next.consoleEndpoints != cfg_.consoleEndpoints)
    consoles_.applyEndpoints(next.consoleEndpoints);

  if (next.geofenceFile != cfg_.geofenceFile || next.mapOverlay != cfg_.mapOverlay) {
    geofence_.load(next.geofenceFile);
    if (overlay_->isOpen())
      overlay_->close(); // OK
    if (next.mapOverlay)
      overlay_ = std::make_unique<EventChannel>();
    overlay_->send("zones " + std::to_string(geofence_.zoneCount())); // BUG: use-after-close
  }

  if (next.liveFeedEndpoint != cfg_.liveFeedEndpoint || next.workers != cfg_.workers ||
      next.vehiclePort != cfg_.vehiclePort || next.commandTopic != cfg_.commandTopic)
    diag_.printf("live feed, worker, port and command topic changes take effect after a restart");

  cfg_ = next;
}

} // namespace fleetd
