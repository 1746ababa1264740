// Two shared_ptr copies of one producer: one closes it, the other sends.
#include "messaging.h"
#include <memory>
using namespace kafka;

struct Worker {
  std::shared_ptr<KafkaProducer> out;
};

void retire(std::shared_ptr<KafkaProducer> producer, const ProducerRecord &r) {
  Worker w{producer};
  std::shared_ptr<KafkaProducer> metrics = producer;
  producer->close();
  metrics->send(r); // BUG: use-after-close
}
