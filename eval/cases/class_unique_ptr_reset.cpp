// Negative: a unique_ptr to the producer is replaced after close.
#include "messaging.h"
#include <memory>
using namespace kafka;

void reconnect(std::unique_ptr<KafkaProducer> &producer, const ProducerRecord &r) {
  producer->close();
  producer = createProducer("broker-2:9092");
  producer->send(r);
  producer->close();
  producer.reset(new KafkaProducer("broker-3:9092"));
  producer->flush();
}
