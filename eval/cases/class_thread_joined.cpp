// Negative: the records' fix: join the sender, then close.
#include "messaging.h"
#include <thread>
#include <vector>
using namespace kafka;

void runAndStop(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  std::thread sender([&producer, &records] {
    for (const ProducerRecord &r : records)
      producer.send(r);
  });
  sender.join();
  producer.flush();
  producer.close();
}
