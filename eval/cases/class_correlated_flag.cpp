// Negative: the same unchanged flag decides between close and send.
#include "messaging.h"
using namespace kafka;

void finalize(KafkaProducer &producer, bool aborted, const ProducerRecord &commit) {
  if (aborted)
    producer.close();
  int pending = producer.pendingCount();
  (void)pending;
  if (!aborted)
    producer.send(commit);
}
