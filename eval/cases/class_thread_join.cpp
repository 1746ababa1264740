// A worker thread closes the producer; after join() the caller still sends.
#include "messaging.h"
#include <thread>
using namespace kafka;

void stopInBackground(KafkaProducer &producer, const ProducerRecord &r) {
  std::thread stopper([&producer] { producer.close(); });
  stopper.join();
  producer.send(r); // BUG: use-after-close
}
