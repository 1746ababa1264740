// Producer rotation for a single-threaded event router. ProducerHolder owns
// the current kafka::KafkaProducer in a shared_ptr; reconfigure() installs a
// producer for the new broker list and closes the old one. The router is
// driven by one event loop thread, so no send runs concurrently with
// reconfigure().
// Negative case: OrderSink re-reads the holder's producer for every send, the
// local `current` pointer in main is re-read after the rotation before it is
// used again, and HeartbeatReporter keeps only a weak_ptr: once the holder
// and `current` dropped the old producer nothing owns it, lock() returns null and no
// heartbeat is sent until rebind() points it at the new producer.
#include "messaging.h"

#include <iostream>
#include <memory>
#include <string>
#include <utility>

class ProducerHolder {
public:
  explicit ProducerHolder(const std::string &brokers)
      : current_(kafka::createProducer(brokers)) {}

  std::shared_ptr<kafka::KafkaProducer> get() const { return current_; }

  void reconfigure(const std::string &brokers) {
    std::shared_ptr<kafka::KafkaProducer> old =
        std::exchange(current_, std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(brokers)));
    old->flush();
    old->close();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> current_;
};

class OrderSink {
public:
  OrderSink(const ProducerHolder &holder, std::string topic)
      : holder_(holder), topic_(std::move(topic)) {}
  void emit(const std::string &order) {
    holder_.get()->send({topic_, order}); // OK: always the holder's current producer
  }

private:
  const ProducerHolder &holder_;
  std::string topic_;
};

class HeartbeatReporter {
public:
  explicit HeartbeatReporter(const ProducerHolder &holder) { rebind(holder); }
  void rebind(const ProducerHolder &holder) { producer_ = holder.get(); }
  bool beat(long seq) {
    if (auto p = producer_.lock()) {
      p->send({"router.heartbeat", std::to_string(seq)}); // OK: lock() fails for a producer the holder already dropped
      return true;
    }
    return false;
  }

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
};

int main() {
  ProducerHolder holder("kafka-old-1:9092,kafka-old-2:9092");
  OrderSink sink(holder, "orders.routed");
  HeartbeatReporter heartbeat(holder);

  sink.emit("{\"id\":\"o-1\"}");
  heartbeat.beat(1);

  std::shared_ptr<kafka::KafkaProducer> current = holder.get();
  current->send({"router.audit", "before rotation"});
  holder.reconfigure("kafka-new-1:9092,kafka-new-2:9092");
  current = holder.get();
  current->send({"router.audit", "after rotation"}); // OK: current was re-read after reconfigure()

  sink.emit("{\"id\":\"o-2\"}");
  if (!heartbeat.beat(2)) // OK: the old producer is gone, beat() sends nothing
    heartbeat.rebind(holder);
  heartbeat.beat(3); // OK: rebound to the new producer
  return 0;
}
