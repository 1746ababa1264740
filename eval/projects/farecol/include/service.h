// The farecol daemon: owns every component, wires them together, runs the periodic work
// of the main loop and describes how to shut down.
#pragma once
#include "audit_trail.h"
#include "bounded_queue.h"
#include "config.h"
#include "config_reload.h"
#include "deny_list.h"
#include "deny_list_updater.h"
#include "device_acceptor.h"
#include "fare_engine.h"
#include "gate_commander.h"
#include "gate_monitor.h"
#include "health_checker.h"
#include "journal_flusher.h"
#include "journal_index.h"
#include "journey_publisher.h"
#include "ledger.h"
#include "link_migrator.h"
#include "link_registry.h"
#include "operator_export.h"
#include "report_server.h"
#include "status.h"
#include "tap_ingest.h"
#include "tap_journal.h"
#include "tap_processor.h"
#include "timer_wheel.h"
#include "work_pool.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

struct pollfd;

namespace farecol {

class Diagnostics;

struct ShutdownStep {
  std::string name;
  std::function<void()> run;
};

class Service {
public:
  Service(Config config, Diagnostics &diag);
  ~Service();
  Service(const Service &) = delete;
  Service &operator=(const Service &) = delete;

  Status start();
  void fillPollSet(std::vector<pollfd> &fds) const;
  void onReady(const std::vector<pollfd> &fds);
  void tick(std::chrono::steady_clock::time_point now);
  int nextTimeoutMs(std::chrono::steady_clock::time_point now) const;
  Status reload(const std::string &configPath);
  std::vector<ShutdownStep> shutdownPlan();

private:
  Status openJournal();
  void endOfDay(const ServiceDay &ended);
  std::string summaryLine() const;
  std::unique_ptr<ReportServer> makeReportServer(const Config &config);

  Config config_;
  Diagnostics &diag_;
  DenyList denyList_;
  Ledger ledger_;
  FareEngine fares_;
  LinkRegistry registry_;
  JournalIndex index_;
  TapJournal journal_;
  PublisherSlot publisher_;
  WorkPool pool_;
  BoundedQueue<TapEvent> taps_;
  AuditTrail audit_;
  GateCommander commander_;
  GateMonitor monitor_;
  DenyListUpdater denyUpdater_;
  HealthChecker health_;
  OperatorExporter exporter_;
  TimerWheel timers_;
  TapIngest ingest_;
  TapProcessor processor_;
  JournalFlusher flusher_;
  LinkMigrator migrator_;
  DeviceAcceptor acceptor_;
  std::unique_ptr<ReportServer> reports_;
  ConfigReloader reloader_;
  ServiceDay currentDay_;
};

} // namespace farecol
