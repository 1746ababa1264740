// Negative: a publisher remembers that it was stopped and drops later publishes.
#include "messaging.h"
using namespace kafka;

class SafePublisher {
public:
  void publish(const ProducerRecord &r) {
    if (stopped_)
      return;
    producer_.send(r);
  }
  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    producer_.close();
  }

private:
  KafkaProducer producer_;
  bool stopped_ = false;
};

void shutdownHook(SafePublisher &pub, const ProducerRecord &last) {
  pub.stop();
  pub.publish(last);
  pub.stop();
}
