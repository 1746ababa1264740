// A shutdown closes the producer while the sender thread may still be
// sending: the thread's send can run on the closed producer.
#include "messaging.h"
#include <thread>
#include <vector>
using namespace kafka;

void runAndStop(KafkaProducer &producer, const std::vector<ProducerRecord> &records) {
  std::thread sender([&producer, &records] {
    for (const ProducerRecord &r : records)
      producer.send(r); // BUG: use-after-close #race
  });
  producer.close(); // SAME: race
  sender.join();
}
