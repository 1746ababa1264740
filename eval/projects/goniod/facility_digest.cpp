// goniod — FacilityDigest: the station's digest topic on the facility's Kafka
// cluster. publish() hands the send to the errand crew so the control loop
// never waits for the brokers; publish_now() sends on the caller's thread;
// close() flushes and closes the producer.
#include "facility_digest.h"

#include <utility>

namespace goniod {

FacilityDigest::FacilityDigest(const std::string &brokers, std::string topic,
                               Errands &errands)
    : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)),
      errands_(errands) {}

FacilityDigest::~FacilityDigest() {
  close(); // OK: close() returns at once when the producer is already closed
}

void FacilityDigest::publish(std::string payload) {
  errands_.post([this, payload = std::move(payload)] {
    producer_->send({topic_, payload}); // BUG: use-after-close #digest_job
  });
}

void FacilityDigest::publish_now(const std::string &payload) {
  std::lock_guard<std::mutex> lk(mu_);
  if (producer_->isClosed())
    return;
  producer_->send({topic_, payload}); // OK: checked under the lock close() takes
}

void FacilityDigest::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (producer_->isClosed())
    return;
  producer_->flush();
  producer_->close(); // SAME: digest_job
}

bool FacilityDigest::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return producer_->isClosed();
}

} // namespace goniod
