// Negative: the close is followed by break, so no later iteration sends.
#include "messaging.h"
#include <vector>
using namespace kafka;

void publishUntilFull(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  for (const ProducerRecord &r : records) {
    if (producer.pendingCount() > 1000) {
      producer.flush();
      producer.close();
      break;
    }
    producer.send(r);
  }
}
