// AuditTrail: numbered operator events on the audit topic. Closing the trail
// flushes and closes the producer behind it.
#include "audit_trail.h"

#include <chrono>
#include <sstream>
#include <stdexcept>

#include "log.h"

namespace tilesrv {
namespace {

std::string encodeAudit(std::uint64_t sequence, const std::string &action, const std::string &detail) {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  std::ostringstream out;
  out << "{\"seq\":" << sequence << ",\"ts_ms\":"
      << std::chrono::duration_cast<std::chrono::milliseconds>(now).count() << ",\"action\":\"" << action
      << "\",\"detail\":\"";
  for (char c : detail) {
    if (c == '"' || c == '\\')
      out << '\\';
    out << c;
  }
  out << "\"}";
  return out.str();
}

} // namespace

AuditTrail::AuditTrail(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

AuditTrail::~AuditTrail() {
  if (closed_)
    return;
  try {
    close(); // OK: only reached when the trail was not closed explicitly
  } catch (const std::exception &e) {
    log::warn("audit trail %s: close on destruction failed: %s", topic_.c_str(), e.what());
  }
}

void AuditTrail::record(const std::string &action, const std::string &detail) {
  if (closed_)
    throw std::logic_error("audit trail " + topic_ + " is closed");
  producer_->send(kafka::ProducerRecord{topic_, encodeAudit(++sequence_, action, detail)}); // SAME: audit_topic_switch
}

void AuditTrail::close() {
  if (closed_)
    throw std::logic_error("audit trail " + topic_ + " closed twice");
  closed_ = true;
  if (!producer_->isClosed()) {
    producer_->flush(); // OK: still open, checked just above
    producer_->close();
  }
}

} // namespace tilesrv
