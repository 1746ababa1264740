// A rebalance failure closes the consumer; the loop then commits on it.
#include "messaging.h"

void pollOnce(RdKafka::KafkaConsumer &consumer, bool rebalanceFailed) {
  consumer.consume(100);
  if (rebalanceFailed)
    consumer.close();
  consumer.commitSync(); // BUG: use-after-close
}
