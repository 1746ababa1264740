// Negative: each batch gets its own producer from the factory.
#include "messaging.h"
#include <memory>
#include <vector>
using namespace kafka;

void sendBatches(const std::vector<std::vector<ProducerRecord>> &batches) {
  for (const auto &batch : batches) {
    std::unique_ptr<KafkaProducer> p = createProducer("localhost:9092");
    for (const ProducerRecord &r : batch)
      p->send(r);
    p->close();
  }
}
