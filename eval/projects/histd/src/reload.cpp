// Configuration reload (SIGHUP): applied on the main thread between poll
// cycles. Components whose settings changed are replaced.
#include "historian.h"

#include "log.h"

namespace histd {

void Historian::reload(const Config &next) {
  log::info("reloading configuration (revision %u -> %u)", cfg_.revision, next.revision);

  table_.setBackoff(next.reconnectBackoffMs);
  maintenance_.applyControllers(next.controllers, next.linkTimeoutMs);
  for (const ControllerConfig &c : cfg_.controllers) {
    if (!next.controller(c.id))
      watchdog_.unwatch(c.id);
  }
  for (const ControllerConfig &c : next.controllers)
    watchdog_.watch(c.id, nowMicros());
  watchdog_.setStaleAfter(next.staleAfterMs);
  poll_->setGroups(next.groups);
  poll_->setMaxFaults(next.maxFaults);
  poll_->resize(next.pollThreads);
  evaluator_.setRules(next.alarms);

  if (next.kafkaBrokers != cfg_.kafkaBrokers) {
    std::shared_ptr<kafka::KafkaProducer> fresh = kafka::createProducer(next.kafkaBrokers);
    alarms_->flush();
    alarms_->close(); // SAME: export-done-race
    alarms_ = std::move(fresh);
    evaluator_.setProducer(alarms_);
    queries_->setProducer(alarms_);
  }
  alarms_->send({next.alarmTopic, "{\"type\":\"config-reloaded\",\"revision\":" +
                                      std::to_string(next.revision) + "}"}); // OK

  if (next.upstream != cfg_.upstream) {
    upstream_->close(); // OK
    if (!next.upstream.empty())
      upstream_ = std::make_unique<UpstreamForwarder>(next.upstream, next.site);
  }
  upstream_->sendHeartbeat(next.revision); // BUG: use-after-close #upstream-heartbeat

  if (next.spillDir != cfg_.spillDir) {
    auto fresh = std::make_unique<SpillJournal>(next.spillDir);
    spill_ = std::move(fresh);
  }

  if (next.eventLog != cfg_.eventLog) {
    events_->close();
    events_.reset();
    events_.emplace(next.eventLog, std::ios::app);
  }
  *events_ << isoTime(nowMicros()) << " reloaded revision " << next.revision << '\n'; // OK

  status_.reset();
  if (!next.statusPath.empty())
    status_.emplace(next.statusPath);
  metricsReporter_.reset();
  if (!next.metricsTarget.empty()) {
    try {
      metricsReporter_.emplace(next.metricsTarget);
    } catch (const std::invalid_argument &e) {
      log::warn("metrics disabled: %s", e.what());
    }
  }

  queries_->setExportDir(next.exportDir);
  cfg_ = next;
  recordEvent("configuration revision " + std::to_string(next.revision) + " applied");
}

} // namespace histd
