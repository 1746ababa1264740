// A caller stops a publisher and then publishes through it.
#include "messaging.h"
using namespace kafka;

class Publisher {
public:
  void publish(const ProducerRecord &r) { producer_.send(r); } // SAME: publish
  void stop() {
    producer_.flush();
    producer_.close();
  }

private:
  KafkaProducer producer_;
};

void shutdownHook(Publisher &pub) {
  pub.stop();
  pub.publish({"lifecycle", "down"}); // BUG: use-after-close #publish
}
