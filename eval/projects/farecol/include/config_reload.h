// Applies a changed configuration to a running daemon: swaps the bus publisher, the
// operations feed, the diagnostics file, the report server and the clearing endpoint.
// Runs on the main thread when SIGHUP arrives.
#pragma once
#include "config.h"
#include "status.h"

#include <functional>
#include <memory>
#include <mutex>

namespace farecol {

class DenyListUpdater;
class Diagnostics;
class GateMonitor;
class HealthChecker;
class OperatorExporter;
class PublisherSlot;
class ReportServer;

class ConfigReloader {
public:
  using ReportFactory = std::function<std::unique_ptr<ReportServer>(const Config &)>;

  ConfigReloader(Diagnostics &diag, PublisherSlot &publisher, GateMonitor &monitor, HealthChecker &health,
                 DenyListUpdater &deny, OperatorExporter &exporter, std::unique_ptr<ReportServer> &reports,
                 ReportFactory makeReports);

  Status apply(const Config &current, const Config &next);
  Status swapPublisher(const Config &next);

private:
  void swapDiagnostics(const Config &next);
  void swapOpsFeed(const Config &next);
  void swapReportServer(const Config &next);

  Diagnostics &diag_;
  PublisherSlot &publisher_;
  GateMonitor &monitor_;
  HealthChecker &health_;
  DenyListUpdater &deny_;
  OperatorExporter &exporter_;
  std::unique_ptr<ReportServer> &reports_;
  ReportFactory makeReports_;
  std::mutex mutex_;
};

} // namespace farecol
