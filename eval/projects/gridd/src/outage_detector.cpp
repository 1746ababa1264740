// OutageDetector: last-gasp and restore handling.
#include "outage_detector.h"

#include <cerrno>
#include <exception>
#include <utility>

OutageDetector::OutageDetector(LinkTable &links, AuditLog &audit)
    : links_(links), audit_(audit) {}

void OutageDetector::bind(std::shared_ptr<BillingPublisher> publisher) {
  sink_ = [pub = std::move(publisher)](const BillingEvent &ev) {
    pub->publish(ev); // BUG: use-after-close
  };
}

void OutageDetector::onLastGasp(const OutageEvent &e) {
  down_.emplace(e.meterId, e.at);
  const DropResult dr = links_.drop(e.meterId);
  if (!dr.dropped && dr.err == ENOENT)
    audit_.record("outage: last gasp from %s, which has no link", e.meterId.c_str());
  else
    audit_.record("outage: %s lost power (via %s)", e.meterId.c_str(),
                  e.concentratorId.empty() ? "direct" : e.concentratorId.c_str());
  BillingEvent ev;
  ev.meterId = e.meterId;
  ev.kind = "outage";
  ev.at = e.at;
  ev.payload = e.concentratorId;
  emit(ev);
}

void OutageDetector::onRestore(const OutageEvent &e) {
  auto it = down_.find(e.meterId);
  const std::int64_t since = it == down_.end() ? e.at : it->second;
  if (it != down_.end())
    down_.erase(it);
  audit_.record("outage: %s restored after %lld s", e.meterId.c_str(),
                static_cast<long long>(e.at - since));
  BillingEvent ev;
  ev.meterId = e.meterId;
  ev.kind = "restore";
  ev.at = e.at;
  ev.payload = std::to_string(e.at - since);
  emit(ev);
}

std::size_t OutageDetector::flushBacklog() {
  if (!sink_)
    return 0;
  std::size_t sent = 0;
  BillingEvent ev;
  while (backlog_.tryPop(ev)) {
    try {
      sink_(ev);
      ++sent;
    } catch (const std::exception &e) {
      backlog_.offer(ev);
      break;
    }
  }
  return sent;
}

void OutageDetector::close() {
  backlog_.close();
  BillingEvent ev;
  while (backlog_.tryPop(ev)) // OK
    audit_.record("outage: %s event for %s was never published", ev.kind.c_str(),
                  ev.meterId.c_str());
}

void OutageDetector::emit(const BillingEvent &ev) {
  if (!sink_) {
    backlog_.offer(ev);
    return;
  }
  try {
    sink_(ev);
  } catch (const std::exception &e) {
    audit_.record("outage: publishing %s for %s failed (%s), parked", ev.kind.c_str(),
                  ev.meterId.c_str(), e.what());
    if (!backlog_.offer(ev))
      audit_.record("outage: backlog full, %s event for %s lost", ev.kind.c_str(),
                    ev.meterId.c_str());
  }
}
