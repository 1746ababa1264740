// The producer is closed when the quota runs out, but the loop keeps sending.
#include "messaging.h"
#include <vector>
using namespace kafka;

void publishAll(KafkaProducer &producer, const std::vector<ProducerRecord> &records, int quota) {
  int sent = 0;
  for (const ProducerRecord &r : records) {
    producer.send(r); // BUG: use-after-close
    if (++sent == quota)
      producer.close();
  }
}
