// The consumer is closed on the error path and again by the common teardown.
#include "messaging.h"

void consumeLoop(RdKafka::KafkaConsumer *consumer, bool (*running)()) {
  consumer->subscribe({"orders"});
  while (running()) {
    RdKafka::Message *msg = consumer->consume(100);
    if (!msg) {
      consumer->close();
      break;
    }
  }
  consumer->close(); // BUG: double-close
}
