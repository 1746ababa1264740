// The producer is closed, then moved into a new owner that sends on it.
#include "messaging.h"
#include <memory>
#include <utility>
using namespace kafka;

void handOver(std::unique_ptr<KafkaProducer> producer, const ProducerRecord &r) {
  producer->flush();
  producer->close();
  std::unique_ptr<KafkaProducer> owner = std::move(producer);
  owner->send(r); // BUG: use-after-close
}
