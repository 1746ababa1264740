// Negative: every record is sent inside the loop; the close comes after it.
#include "messaging.h"
#include <vector>
using namespace kafka;

void publishAndClose(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  for (const ProducerRecord &r : records) {
    if (r.Value.empty())
      continue;
    producer.send(r);
  }
  producer.flush();
  producer.close();
}
