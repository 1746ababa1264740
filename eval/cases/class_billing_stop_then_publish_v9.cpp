// BillingService owns its KafkaProducer as a member. stop() flushes and
// closes it. The SIGTERM handler stops the service and then publishes the
// last usage record, which sends on the closed member producer (bug).
// heartbeat() returns early once the service is stopped, so calling it after
// stop() is fine.
#include "messaging.h"
#include <string>

struct Usage {
  std::string account;
  long units;
};

class BillingService {
public:
  explicit BillingService(const std::string &brokers) : producer_(brokers) {}

  void publishUsage(const Usage &usage) {
    producer_.send({"usage", usage.account + ":" + std::to_string(usage.units)}); // SAME: usage
  }

  void heartbeat() {
    if (stopped_)
      return;
    producer_.send({"heartbeat", "billing"});
  }

  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    producer_.flush();
    producer_.close();
  }

private:
  kafka::KafkaProducer producer_;
  bool stopped_ = false;
};

void onSigterm(BillingService &billing, const Usage &lastUsage) {
  billing.stop();
  billing.heartbeat(); // OK: heartbeat() checks stopped_
  billing.publishUsage(lastUsage); // BUG: use-after-close #usage
}
