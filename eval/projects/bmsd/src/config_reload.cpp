// ConfigReloader: applies a re-read bmsd.conf component by component under
// the reloader's mutex. Replaced components are closed after their successor
// is installed.
#include "config_reload.h"

#include <set>

#include "alarm_publisher.h"
#include "alarm_rules.h"
#include "bus_sink.h"
#include "diagnostics.h"
#include "energy_meter.h"
#include "format.h"
#include "point_database.h"
#include "publisher_watchdog.h"
#include "session_registry.h"

namespace bmsd {

ConfigReloader::ConfigReloader(Config initial, Diagnostics &diag)
    : current_(std::move(initial)), diag_(diag) {}

Config ConfigReloader::current() const {
  std::lock_guard<std::mutex> lock(mu_);
  return current_;
}

unsigned ConfigReloader::revision() const {
  std::lock_guard<std::mutex> lock(mu_);
  return revision_;
}

Status ConfigReloader::reload(const std::string &path, ReloadTargets &t) {
  Config next;
  Status loaded = loadConfig(path, next);
  if (!loaded.good())
    return loaded;

  std::lock_guard<std::mutex> lock(mu_);
  ++revision_;
  Status brokers = applyBrokersLocked(next, t);
  if (!brokers.good())
    diag_.warn("reload: keeping the current Kafka producer: %s", brokers.message().c_str());
  applyBusLocked(next, t);
  applyMeterLocked(next, t);
  applyRosterLocked(next, t);
  applyAuditLocked(next);
  t.rules.setRules(next.rules);
  announceLocked(next);
  current_ = std::move(next);
  diag_.info("reload: configuration revision %u applied", revision_);
  return Status::ok();
}

Status ConfigReloader::applyBrokersLocked(const Config &next, ReloadTargets &t) {
  if (next.kafkaBrokers == current_.kafkaBrokers)
    return Status::ok();
  std::shared_ptr<kafka::KafkaProducer> fresh = kafka::createProducer(next.kafkaBrokers);
  if (!fresh)
    return Status::error(Status::Code::IoError,
                         "cannot create a producer for " + next.kafkaBrokers);
  std::shared_ptr<kafka::KafkaProducer> old = t.alarms.replaceProducer(fresh);
  t.watchdog.watch(fresh);
  if (old) {
    old->flush();
    old->close(); // SAME: access-log
  }
  return Status::ok();
}

void ConfigReloader::applyBusLocked(const Config &next, ReloadTargets &t) {
  if (next.busEndpoint.empty()) {
    t.bus.disable();
    return;
  }
  if (next.busEndpoint != current_.busEndpoint || !t.bus.enabled()) {
    t.bus.reconnect(next.busEndpoint);
    t.rules.mirrorTo(t.bus.channel());
  }
}

void ConfigReloader::applyMeterLocked(const Config &next, ReloadTargets &t) {
  if (t.meter && next.meterEndpoint == current_.meterEndpoint &&
      next.meterInterval == current_.meterInterval)
    return;
  if (t.meter)
    t.meter->stop();
  t.meter = std::make_unique<EnergyMeter>(connectEventChannel(next.meterEndpoint), t.db,
                                          next.meterInterval, diag_);
  t.meter->start(); // OK: a new meter on a new channel
}

void ConfigReloader::applyRosterLocked(const Config &next, ReloadTargets &t) {
  if (next.allowedControllers.empty())
    return;
  std::set<std::string> allowed(next.allowedControllers.begin(),
                                next.allowedControllers.end());
  PointValue roster;
  roster.name = "bmsd/roster-revision";
  roster.kind = PointKind::Setpoint;
  roster.value = revision_;
  roster.at = std::chrono::system_clock::now();
  const std::size_t retired = t.registry.retireUnlisted(allowed, roster);
  if (retired > 0)
    diag_.info("reload: %zu controllers no longer configured were disconnected", retired);
}

void ConfigReloader::applyAuditLocked(const Config &next) {
  if (auditLink_ && next.auditEndpoint == current_.auditEndpoint)
    return;
  if (auditLink_) {
    auditLink_->flush();
    auditLink_->close();
  }
  auditLink_.reset();
  if (next.auditEndpoint.empty())
    return;
  auditLink_.emplace(next.auditEndpoint);
  auditLink_->send("configuration revision " + std::to_string(revision_) + " applied"); // OK
}

void ConfigReloader::announceLocked(const Config &next) {
  if (reportFeed_ && reportFeed_->isOpen())
    reportFeed_->close(); // OK
  if (!next.reportFeedEndpoint.empty())
    reportFeed_ = connectEventChannel(next.reportFeedEndpoint);
  const std::string event =
      "{\"event\":\"config-revision\",\"revision\":" + std::to_string(revision_) + "}";
  if (reportFeed_)
    reportFeed_->send(event); // BUG: use-after-close
}

} // namespace bmsd
