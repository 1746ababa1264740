// Hospital pharmacy pager: medication orders from the wards are published to
// the pharmacy paging topic; a STAT order that nobody acknowledges within ten
// minutes is escalated to the on-call pharmacist. Every page, escalation and
// acknowledgement is mirrored to the audit channel. At shift end the service
// stops: it hands the open STAT orders over to the next shift and closes the
// producer and the audit channel. During a planned pharmacy system downtime
// the service closes the producer and tells the wards paging is down.
#include "messaging.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pharmacy {

using Clock = std::chrono::steady_clock;

struct MedOrder {
  std::string id;
  std::string ward;
  std::string drug;
  bool stat = false;
  Clock::time_point placed;
};

class PagerService {
public:
  explicit PagerService(std::unique_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void page(const MedOrder &o);
  void acknowledge(const std::string &orderId);
  void escalateOverdue(Clock::time_point now);
  void stop();
  void enterDowntime(const std::string &reason);
  size_t openStatOrders() const { return pending_.size(); }

private:
  void auditEvent(const char *what, const MedOrder &o);

  std::unique_ptr<kafka::KafkaProducer> producer_;
  EventChannel audit_;
  std::map<std::string, MedOrder> pending_;
  bool stopped_ = false;
};

void PagerService::auditEvent(const char *what, const MedOrder &o) {
  audit_.send(std::string(what) + " " + o.id + " ward=" + o.ward); // SAME: audit
}

void PagerService::page(const MedOrder &o) {
  if (stopped_)
    return;
  producer_->send({"pharmacy.page", o.id + "|" + o.ward + "|" + o.drug}); // OK
  auditEvent("PAGED", o);
  if (o.stat)
    pending_[o.id] = o;
}

void PagerService::acknowledge(const std::string &orderId) {
  auto it = pending_.find(orderId);
  if (it == pending_.end())
    return;
  auditEvent("ACK", it->second);
  pending_.erase(it);
}

void PagerService::escalateOverdue(Clock::time_point now) {
  if (producer_->isClosed())
    return;
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (now - it->second.placed > std::chrono::minutes(10)) {
      producer_->send({"pharmacy.oncall", it->first + "|" + it->second.ward}); // OK
      auditEvent("ESCALATED", it->second);
      it = pending_.erase(it);
    } else {
      ++it;
    }
  }
}

void PagerService::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  if (!pending_.empty())
    producer_->send({"pharmacy.handover", std::to_string(pending_.size()) + " STAT open"});
  producer_->flush();
  producer_->close(std::chrono::seconds(5));
  audit_.send("SHIFT_END open=" + std::to_string(pending_.size()));
  audit_.close();
}

void PagerService::enterDowntime(const std::string &reason) {
  stopped_ = true;
  producer_->close(std::chrono::seconds(2));
  producer_->send({"pharmacy.status", "DOWNTIME " + reason}); // BUG: use-after-close
  audit_.send("DOWNTIME " + reason);
}

void endOfShift(PagerService &svc, const std::vector<MedOrder> &lateOrders,
                const std::vector<std::string> &lateAcks) {
  svc.escalateOverdue(Clock::now());
  svc.stop();
  for (const MedOrder &o : lateOrders)
    svc.page(o); // OK
  for (const std::string &id : lateAcks)
    svc.acknowledge(id); // BUG: use-after-close #audit
  svc.stop(); // OK
}

} // namespace pharmacy
