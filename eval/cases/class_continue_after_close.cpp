// `continue` after close does not leave the loop: the next record is sent on
// the closed producer.
#include "messaging.h"
#include <vector>
using namespace kafka;

void forward(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  for (const ProducerRecord &r : records) {
    if (r.Topic.empty()) {
      producer.close();
      continue;
    }
    producer.send(r); // BUG: use-after-close
  }
}
