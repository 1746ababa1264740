// Negative: only queries follow the close.
#include "messaging.h"
#include <cstdio>
using namespace kafka;

void logShutdown(KafkaProducer &producer) {
  producer.close();
  std::printf("closed=%d pending=%d\n", producer.isClosed(), producer.pendingCount());
}
