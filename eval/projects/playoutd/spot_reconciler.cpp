// SpotReconciler: hooks into the HookPanel and tells the traffic system, via
// Kafka, about every commercial spot (house numbers "SPOT-...") that aired.
#include "spot_reconciler.h"
#include "hookups.h"

SpotReconciler::SpotReconciler(HookPanel &panel, const std::string &brokers)
    : panel_(panel), producer_(kafka::createProducer(brokers)) {
  hookId_ = panel_.connect(
      [this](const std::string &item, std::chrono::seconds length) {
        onAired(item, length);
      });
}

SpotReconciler::~SpotReconciler() {
  panel_.disconnect(hookId_);
  close(); // OK: close() checks isClosed() first
}

void SpotReconciler::onAired(const std::string &item,
                             std::chrono::seconds length) {
  if (item.rfind("SPOT-", 0) != 0)
    return;
  producer_->send({"traffic.aired", // SAME: spotaired
                   item + ";" + std::to_string(length.count())});
  ++aired_;
}

void SpotReconciler::close() {
  if (producer_->isClosed())
    return;
  producer_->flush();
  producer_->close();
}
