// A publisher decides through a small helper, usable(), whether the producer
// may be used: it checks isClosed() and the queue depth. The caller returns
// when the helper says no (correct). Checking an unrelated helper (the
// throttle) is not a guard against the close (bug).
#include "messaging.h"

#include <string>

namespace {

bool usable(const kafka::KafkaProducer &producer) {
  return !producer.isClosed() && producer.pendingCount() < 1000;
}

bool throttled(const kafka::KafkaProducer &producer) { return producer.pendingCount() >= 1000; }

} // namespace

class ClickPublisher {
public:
  explicit ClickPublisher(kafka::KafkaProducer &producer) : producer_(producer) {}

  void publish(const std::string &click, bool quotaExceeded) {
    if (quotaExceeded)
      producer_.close();
    if (!usable(producer_))
      return;
    producer_.send({"clicks", click}); // OK
  }

  void publishThrottled(const std::string &click, bool quotaExceeded) {
    if (quotaExceeded)
      producer_.close();
    if (throttled(producer_))
      return;
    producer_.send({"clicks", click}); // BUG: use-after-close
  }

private:
  kafka::KafkaProducer &producer_;
};
