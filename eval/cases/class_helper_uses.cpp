// The producer is closed, then a helper that sends on it is called.
#include "messaging.h"
#include <string>
using namespace kafka;

static void publishMetric(KafkaProducer &p, const std::string &name, int value) {
  p.send({"metrics", name + "=" + std::to_string(value)}); // SAME: metric
}

void flushStats(KafkaProducer &producer, int sent, int failed) {
  publishMetric(producer, "sent", sent);
  producer.close();
  publishMetric(producer, "failed", failed); // BUG: use-after-close #metric
}
