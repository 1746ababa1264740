// Negative: restart() replaces the producer before the next publish.
#include "messaging.h"
using namespace kafka;

class Publisher {
public:
  void publish(const ProducerRecord &r) { producer_.send(r); }
  void stop() { producer_.close(); }
  void restart() { producer_ = KafkaProducer("localhost:9092"); }

private:
  KafkaProducer producer_;
};

void bounce(Publisher &pub, const ProducerRecord &r) {
  pub.publish(r);
  pub.stop();
  pub.restart();
  pub.publish(r);
}
