// Closed through the owner, sent through a raw pointer kept earlier.
#include "messaging.h"
using namespace kafka;

struct Pipeline {
  KafkaProducer producer;
};

void stopPipeline(Pipeline &p, const ProducerRecord &last) {
  KafkaProducer *out = &p.producer;
  out->send({"audit", "stopping"});
  p.producer.close();
  out->send(last); // BUG: use-after-close
}
