// Negative: the old producer is closed and the new one is used.
#include "messaging.h"
using namespace kafka;

void migrate(KafkaProducer &oldProducer, KafkaProducer &newProducer, const ProducerRecord &r) {
  oldProducer.flush();
  oldProducer.close();
  newProducer.send(r);
  newProducer.flush();
}
