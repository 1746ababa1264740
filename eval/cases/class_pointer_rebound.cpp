// Negative: the pointer is moved to the standby producer after closing the active one.
#include "messaging.h"
using namespace kafka;

void switchOver(KafkaProducer *active, KafkaProducer *standby, const ProducerRecord &r) {
  KafkaProducer *current = active;
  current->close();
  current = standby;
  current->send(r);
}
