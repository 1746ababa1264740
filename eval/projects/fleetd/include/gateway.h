// Gateway: owns every component of the daemon, runs the poll() event loop on
// the calling thread and applies configuration reloads on SIGHUP.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <poll.h>
#include <string>
#include <vector>

#include "alert_publisher.h"
#include "archiver.h"
#include "command_router.h"
#include "config.h"
#include "console_hub.h"
#include "export_api.h"
#include "fault_monitor.h"
#include "geofence.h"
#include "ingest_pipeline.h"
#include "live_feed.h"
#include "messaging.h"
#include "metrics.h"
#include "session_handler.h"
#include "session_registry.h"
#include "shutdown_plan.h"
#include "telemetry_router.h"
#include "trip_store.h"
#include "vehicle_listener.h"
#include "watchdog.h"
#include "worker_pool.h"

namespace fleetd {

class Diagnostics;
class SignalPipe;

class Gateway {
public:
  Gateway(const Config &cfg, std::string configPath, Diagnostics &diag);
  ~Gateway();
  Gateway(const Gateway &) = delete;
  Gateway &operator=(const Gateway &) = delete;

  // Runs until SIGTERM/SIGINT; returns the exit status.
  int run(SignalPipe &signals);
  void reload(const Config &next);
  std::vector<ShutdownStep> shutdownPlan();

private:
  void wireAlerts();
  void onSessionEvents(const pollfd &p, const std::string &vin);
  void onTimer(std::int64_t now);
  void reloadFromDisk();

  Config cfg_;
  const std::string configPath_;
  Diagnostics &diag_;
  Metrics metrics_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::shared_ptr<AlertPublisher> alerts_;
  std::unique_ptr<EventChannel> overlay_;
  std::unique_ptr<LiveFeed> liveFeed_;
  ConsoleHub consoles_;
  SessionRegistry registry_;
  Archiver archiver_;
  std::optional<TripStore> trips_;
  std::unique_ptr<IngestPipeline> ingest_;
  TelemetryRouter router_;
  GeofenceEngine geofence_;
  FaultMonitor faults_;
  VehicleListener listener_;
  SessionHandler handler_;
  Watchdog watchdog_;
  WorkerPool pool_;
  ExportApi exports_;
  CommandRouter commands_;
  std::int64_t lastSweepMs_ = 0;
  std::int64_t lastCompactMs_ = 0;
  std::int64_t lastMetricsMs_ = 0;
};

} // namespace fleetd
