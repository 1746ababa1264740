// close(timeout) is a close too; the flush after it hits a closed producer.
#include "messaging.h"
#include <chrono>
using namespace kafka;

void gracefulStop(KafkaProducer &producer) {
  producer.close(std::chrono::milliseconds(5000));
  producer.flush(); // BUG: use-after-close
}
