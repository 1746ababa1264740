// HeadEnd, SIGHUP side: re-reads the configuration and swaps the components
// whose settings changed (audit target, billing publisher, event mirror,
// ops channel, listening socket).
#include <exception>
#include <utility>

#include "clock.h"
#include "finally.h"
#include "head_end.h"

void HeadEnd::reloadFromDisk() {
  Config next;
  std::string error;
  if (!loadConfig(configPath_, next, error)) {
    audit_->record("config: reload rejected: %s", error.c_str());
    return;
  }
  try {
    reload(next);
  } catch (const std::exception &e) {
    audit_->record("config: reload incomplete: %s", e.what());
  }
}

void HeadEnd::reload(const Config &next) {
  audit_->record("config: reloading %s", configPath_.c_str());
  if (next.auditTarget != cfg_.auditTarget && !audit_->reopen(next.auditTarget)) {
    const std::string current = audit_->target();
    audit_->record("config: audit trail stays on %s", current.c_str()); // OK
  }
  if (next.kafkaBrokers != cfg_.kafkaBrokers || next.billingTopic != cfg_.billingTopic)
    replacePublisher(next);
  reloadMirror(next);
  reloadOpsChannel(next);
  if (next.listenAddr != cfg_.listenAddr || next.port != cfg_.port)
    acceptor_.rebind(next.listenAddr, next.port);
  if (next.healthFile != cfg_.healthFile)
    health_.setStatusPath(next.healthFile);

  const std::string dataDir = cfg_.dataDir;
  cfg_ = next;
  cfg_.dataDir = dataDir;
  audit_->record("config: reloaded");
}

void HeadEnd::replacePublisher(const Config &next) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(next.kafkaBrokers);
  if (!producer) {
    audit_->record("config: no producer for %s, billing stays on %s", next.kafkaBrokers.c_str(),
                   cfg_.kafkaBrokers.c_str());
    return;
  }
  auto fresh = std::make_shared<BillingPublisher>(std::move(producer), next.billingTopic);
  std::shared_ptr<BillingPublisher> old;
  {
    std::lock_guard<std::mutex> lock(pubMu_);
    old = std::exchange(publisher_, fresh);
  }
  tamper_.bind(fresh);
  dispatcher_.bind(fresh);
  exports_.setPublisher(fresh);
  health_.watch(fresh);
  if (old)
    old->close(); // SAME: health_probe

  BillingEvent ev;
  ev.kind = "head-end-config";
  ev.at = nowSeconds();
  ev.payload = next.nodeName + " now publishes to " + next.billingTopic;
  publisher()->publish(ev); // OK
  audit_->record("config: billing events now go to %s on %s", next.billingTopic.c_str(),
                 next.kafkaBrokers.c_str());
}

void HeadEnd::reloadMirror(const Config &next) {
  if (next.mirrorHost == cfg_.mirrorHost)
    return;
  const std::vector<BillingEvent> tail(recent_.begin(), recent_.end());
  if (mirror_)
    mirror_->handOff(tail);
  if (!next.mirrorHost.empty()) {
    mirror_ = std::make_unique<EventMirror>(next.mirrorHost);
    mirror_->replay(tail); // OK
  }
  BillingEvent marker;
  marker.kind = "mirror-switch";
  marker.at = nowSeconds();
  marker.payload = next.mirrorHost.empty() ? "off" : next.mirrorHost;
  if (mirror_)
    mirror_->forward(marker); // BUG: use-after-close
}

void HeadEnd::reloadOpsChannel(const Config &next) {
  if (next.opsEvents == cfg_.opsEvents)
    return;
  if (opsChannel_)
    retireOpsChannel();
  if (next.opsEvents) {
    opsChannel_.emplace();
    opsChannel_->send("ops: " + next.nodeName + " publishes outage notices"); // OK
  }
}

void HeadEnd::retireOpsChannel() {
  if (!opsChannel_->isOpen()) {
    opsChannel_.reset();
    return;
  }
  {
    auto closeOld = onExit([this] { opsChannel_->close(); });
    for (const std::string &note : opsNotes_)
      opsChannel_->send(note); // OK
    opsNotes_.clear();
  }
  opsChannel_->send("ops: outage notices switched off"); // BUG: use-after-close
  opsChannel_.reset();
}
