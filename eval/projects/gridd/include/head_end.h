// The head-end service: owns every component, runs the poll loop on the
// main thread (links, listening socket, signals, housekeeping), and shuts
// down through the stage list. Its methods are spread over head_end.cpp
// (lifecycle, loop, sinks), head_end_links.cpp (frames and links) and
// config_reload.cpp (SIGHUP).
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "audit_log.h"
#include "billing_period.h"
#include "billing_publisher.h"
#include "command_dispatcher.h"
#include "compactor.h"
#include "config.h"
#include "event_mirror.h"
#include "export_service.h"
#include "health_checker.h"
#include "ingest_pipeline.h"
#include "ingest_queues.h"
#include "link_acceptor.h"
#include "link_table.h"
#include "messaging.h"
#include "outage_detector.h"
#include "signal_watch.h"
#include "tamper_monitor.h"
#include "task_executor.h"

class HeadEnd {
public:
  HeadEnd(Config cfg, std::string configPath, SignalWatch &signals);
  ~HeadEnd();
  HeadEnd(const HeadEnd &) = delete;
  HeadEnd &operator=(const HeadEnd &) = delete;

  bool start();
  int run();
  void shutdown();
  void reload(const Config &next);

private:
  static constexpr std::size_t kRecentEvents = 256;
  static constexpr std::uint64_t kCreditEvery = 32;

  // head_end.cpp
  void housekeeping(std::int64_t now);
  void scheduleExports(const BillingPeriod &ended);
  void mirror(const BillingEvent &ev);
  void noteOps(const std::string &text);
  void restartOpsChannelIfDown();
  void closeSinks();
  std::shared_ptr<BillingPublisher> publisher() const;

  // head_end_links.cpp
  void onReadable(MeterLink &link, std::int64_t now);
  void handleFrame(MeterLink &link, const std::string &frame);
  std::vector<Reading> drainLinks();
  void sweepStale(std::int64_t now);
  void evict(const std::string &meterId, const std::string &reason);

  // config_reload.cpp
  void reloadFromDisk();
  void replacePublisher(const Config &next);
  void reloadMirror(const Config &next);
  void reloadOpsChannel(const Config &next);
  void retireOpsChannel();

  Config cfg_;
  const std::string configPath_;
  SignalWatch &signals_;
  std::unique_ptr<AuditLog> audit_;
  LinkTable links_;
  ReadingQueue readings_;
  Compactor compactor_;
  IngestPipeline pipeline_;
  mutable std::mutex pubMu_;
  std::shared_ptr<BillingPublisher> publisher_;
  std::unique_ptr<EventMirror> mirror_;
  std::optional<EventChannel> opsChannel_;
  std::vector<std::string> opsNotes_;
  std::deque<BillingEvent> recent_;
  OutageDetector outages_;
  TamperMonitor tamper_;
  CommandDispatcher dispatcher_;
  HealthChecker health_;
  TaskExecutor executor_;
  ExportService exports_;
  LinkAcceptor acceptor_;
  std::int64_t lastTick_ = 0;
  std::uint32_t pollSeq_ = 0;
  bool stopped_ = false;
};
