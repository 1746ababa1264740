// A teardown lambda closes the producer; a record is sent after calling it.
#include "messaging.h"
#include <vector>
using namespace kafka;

void batch(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  auto teardown = [&producer] {
    producer.flush();
    producer.close();
  };
  for (const ProducerRecord &r : records)
    producer.send(r);
  teardown();
  producer.send({"batch", "done"}); // BUG: use-after-close
}
