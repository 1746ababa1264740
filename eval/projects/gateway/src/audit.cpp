// AuditTrail::record() sends through its shared_ptr copy of the notifier's
// producer without any check: after Notifier::stop() closed that producer,
// the send fails (same-marked line of bug #audit, server.cpp). ReceiptSink::ack()
// locks its weak_ptr and returns when the producer is gone or closed (quiet
// line).
#include "gateway/audit.h"

namespace gateway {

void AuditTrail::record(const std::string &event) {
  producer_->send(kafka::ProducerRecord{"audit", event}); // SAME: audit
}

void ReceiptSink::ack(const std::string &notificationId) {
  std::shared_ptr<kafka::KafkaProducer> producer = producer_.lock();
  if (!producer || producer->isClosed())
    return;
  producer->send(kafka::ProducerRecord{"receipts", notificationId}); // OK: checked isClosed()
}

} // namespace gateway
