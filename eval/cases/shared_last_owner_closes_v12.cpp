// Notification service where a kafka::KafkaProducer is shared by a service
// object and its subscription callbacks. The producer is created with a
// deleter that closes it when the last owner lets go, and the service's
// stop() closes it only after dropping every callback and resetting its own
// pointer. Negative: weak_ptr::lock() after stop() returns null because no
// strong owner is left; each send runs while the producer is open; the
// reassigned pointer refers to a new producer, not a revived closed one.
#include "messaging.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using ProducerPtr = std::shared_ptr<kafka::KafkaProducer>;

static ProducerPtr makeClosingProducer(const std::string &Brokers) {
  return ProducerPtr(new kafka::KafkaProducer(Brokers), [](kafka::KafkaProducer *P) {
    P->flush();
    P->close();
    delete P;
  });
}

class NotificationService {
public:
  explicit NotificationService(const std::string &Brokers)
      : Producer(makeClosingProducer(Brokers)) {}

  void subscribe(const std::string &Topic) {
    ProducerPtr P = Producer;
    Handlers.push_back([P, Topic](const std::string &Msg) {
      P->send({Topic, Msg}); // OK: the lambda owns P, and only the last owner's deleter closes it
    });
  }
  void publish(const std::string &Msg) {
    for (auto &H : Handlers)
      H(Msg);
  }
  std::weak_ptr<kafka::KafkaProducer> observe() const { return Producer; }
  void stop() {
    Handlers.clear();
    Producer->flush();
    Producer.reset(); // last owner: the deleter flushes and closes the producer
  }
  void restart(const std::string &Brokers) {
    Producer = makeClosingProducer(Brokers);
    Producer->send({"notifications", "service restarted"}); // OK: a fresh producer
  }

private:
  ProducerPtr Producer;
  std::vector<std::function<void(const std::string &)>> Handlers;
};

class HealthProbe {
public:
  explicit HealthProbe(std::weak_ptr<kafka::KafkaProducer> P) : Producer(std::move(P)) {}
  bool ping() {
    ProducerPtr P = Producer.lock();
    if (!P)
      return false;
    P->send({"health", "ping"}); // OK: lock() only succeeds while an owner keeps it open
    return true;
  }

private:
  std::weak_ptr<kafka::KafkaProducer> Producer;
};

int main() {
  NotificationService Svc("kafka-1:9092");
  Svc.subscribe("email");
  Svc.subscribe("sms");
  HealthProbe Probe(Svc.observe());
  Svc.publish("invoice ready");
  Probe.ping();
  Svc.stop();
  Probe.ping(); // OK: every strong owner is gone, lock() returns null
  Svc.restart("kafka-2:9092");
  Svc.publish("no subscribers yet");
  HealthProbe Probe2(Svc.observe());
  Probe2.ping();
  return 0;
}
