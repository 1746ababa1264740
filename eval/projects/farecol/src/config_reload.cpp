// Configuration reload. Each component that depends on a changed setting is rebuilt and
// swapped in; the component it replaces is closed once nothing new can reach it.
#include "config_reload.h"
#include "deny_list_updater.h"
#include "diagnostics.h"
#include "gate_monitor.h"
#include "health_checker.h"
#include "journey_publisher.h"
#include "operator_export.h"
#include "report_server.h"

#include <cstdio>
#include <utility>

namespace farecol {

ConfigReloader::ConfigReloader(Diagnostics &diag, PublisherSlot &publisher, GateMonitor &monitor,
                               HealthChecker &health, DenyListUpdater &deny, OperatorExporter &exporter,
                               std::unique_ptr<ReportServer> &reports, ReportFactory makeReports)
    : diag_(diag), publisher_(publisher), monitor_(monitor), health_(health), deny_(deny), exporter_(exporter),
      reports_(reports), makeReports_(std::move(makeReports)) {}

Status ConfigReloader::apply(const Config &current, const Config &next) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (next.diagnosticsPath != current.diagnosticsPath)
    swapDiagnostics(next);
  if (next.opsFeedEndpoint != current.opsFeedEndpoint)
    swapOpsFeed(next);
  Status st = Status::success();
  if (next.brokers != current.brokers || next.topicPrefix != current.topicPrefix)
    st = swapPublisher(next);
  if (next.reportPort != current.reportPort || next.probePort != current.probePort ||
      next.reportAddress != current.reportAddress)
    swapReportServer(next);
  if (next.operatorNotify != current.operatorNotify)
    exporter_.reconfigureNotify(next.operatorNotify);
  return st;
}

Status ConfigReloader::swapPublisher(const Config &next) {
  std::shared_ptr<kafka::KafkaProducer> producer(kafka::createProducer(next.brokers));
  if (!producer)
    return Status::ioError(0, "no producer for brokers " + next.brokers);
  auto fresh = std::make_shared<JourneyPublisher>(std::move(producer), next.topicPrefix);
  monitor_.subscribe(*fresh);
  deny_.registerWith(*fresh);
  health_.watch(fresh->watchProducer());

  std::shared_ptr<JourneyPublisher> old = publisher_.exchange(fresh);
  if (old)
    old->close(); // SAME: reloadrace
  fresh->publishControl("lifecycle", "publisher replaced, brokers=" + next.brokers); // OK
  diag_.info("bus publisher now on %s", next.brokers.c_str());
  return Status::success();
}

void ConfigReloader::swapDiagnostics(const Config &next) {
  if (next.diagnosticsPath.empty()) {
    diag_.close();
    return;
  }
  std::FILE *previous = diag_.stream();
  if (!diag_.reopen(next.diagnosticsPath))
    return;
  std::fprintf(previous, "diagnostics continue in %s\n", next.diagnosticsPath.c_str()); // BUG: use-after-close
}

void ConfigReloader::swapOpsFeed(const Config &next) {
  std::shared_ptr<EventChannel> fresh;
  if (!next.opsFeedEndpoint.empty()) {
    fresh = std::make_shared<EventChannel>();
    fresh->send("hello ops " + next.opsFeedEndpoint);
  }
  std::shared_ptr<EventChannel> old = monitor_.replaceFeed(std::move(fresh));
  if (old && old->isOpen())
    old->close(); // SAME: feedrace
}

void ConfigReloader::swapReportServer(const Config &next) {
  if (reports_)
    reports_->stop();
  reports_ = makeReports_(next);
  if (!reports_)
    return;
  Status st = reports_->start(); // OK
  if (st.failed()) {
    diag_.error("report server not restarted: %s", st.describe().c_str());
    reports_.reset();
  }
}

} // namespace farecol
