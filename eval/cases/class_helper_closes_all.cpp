// A shutdown helper flushes and closes; the caller sends one more record.
#include "messaging.h"
using namespace kafka;

static void shutdownProducer(KafkaProducer &p) {
  p.flush();
  p.close();
}

void onSignal(KafkaProducer &producer) {
  shutdownProducer(producer);
  producer.send({"lifecycle", "stopped"}); // BUG: use-after-close
}
