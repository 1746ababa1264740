// Negative: `if (producer.isClosed()) return;` before the sends.
#include "messaging.h"
#include <vector>
using namespace kafka;

void drain(KafkaProducer &producer, const std::vector<ProducerRecord> &backlog, bool stopping) {
  if (stopping)
    producer.close();
  if (producer.isClosed())
    return;
  for (const ProducerRecord &r : backlog)
    producer.send(r);
  producer.flush();
}
