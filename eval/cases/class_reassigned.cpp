// Negative: after close the variable gets a brand-new producer.
#include "messaging.h"
using namespace kafka;

void failover(KafkaProducer producer, const ProducerRecord &r, const std::string &backup) {
  producer.send(r);
  producer.close();
  producer = KafkaProducer(backup);
  producer.send(r);
}
