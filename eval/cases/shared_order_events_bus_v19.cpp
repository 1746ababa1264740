// Order-event publishing in a checkout service. OrderEvents subscribes
// handlers on the in-process EventBus; every handler captures a copy of the
// shared_ptr<kafka::KafkaProducer>, whose send() fails with "Producer closed
// while send in progress" once close() has run. EventBus keeps a handler
// until unsubscribe(id). OrderEvents::stop() unsubscribes the handlers whose
// ids it stored and closes the producer.
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

class EventBus {
public:
  using Handler = std::function<void(const std::string &)>;
  int subscribe(const std::string &topic, Handler handler);
  void unsubscribe(int id);
  void publish(const std::string &topic, const std::string &payload);

private:
  struct Entry {
    std::string topic;
    Handler handler;
  };
  std::map<int, Entry> entries_;
  int nextId_ = 1;
};

int EventBus::subscribe(const std::string &topic, Handler handler) {
  entries_[nextId_] = Entry{topic, std::move(handler)};
  return nextId_++;
}

void EventBus::unsubscribe(int id) { entries_.erase(id); }

void EventBus::publish(const std::string &topic, const std::string &payload) {
  for (auto &kv : entries_)
    if (kv.second.topic == topic)
      kv.second.handler(payload);
}

class OrderEvents {
public:
  OrderEvents(EventBus &bus, std::shared_ptr<kafka::KafkaProducer> producer)
      : bus_(bus), producer_(std::move(producer)) {}
  void start();
  void stop();

private:
  EventBus &bus_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::vector<int> subs_;
};

void OrderEvents::start() {
  auto producer = producer_;
  subs_.push_back(bus_.subscribe("order.created", [producer](const std::string &id) {
    producer->send({"orders", "created:" + id});
  }));
  subs_.push_back(bus_.subscribe("order.paid", [producer](const std::string &id) {
    producer->send({"orders", "paid:" + id});
  }));
  // Cancellations go to a compacted topic so the warehouse sees the latest state.
  bus_.subscribe("order.cancelled", [producer](const std::string &id) {
    producer->send({"orders-state", "cancelled:" + id}); // SAME: cancelcb
  });
}

void OrderEvents::stop() {
  for (int id : subs_)
    bus_.unsubscribe(id);
  subs_.clear();
  producer_->flush();
  producer_->close();
}

// Reconciler keeps its own copy of the producer; reportMismatch() checks it
// before use, sendSummary() does not.
class Reconciler {
public:
  explicit Reconciler(std::shared_ptr<kafka::KafkaProducer> p) : producer_(std::move(p)) {}
  void reportMismatch(const std::string &orderId) {
    if (producer_->isClosed())
      return;
    producer_->send({"orders-audit", "mismatch:" + orderId}); // OK: checked isClosed()
  }
  void sendSummary(size_t openCarts) {
    producer_->send({"orders-audit", "shutdown open_carts=" + std::to_string(openCarts)}); // SAME: summary
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

void shutdownCheckout(EventBus &bus, OrderEvents &events, Reconciler &rec,
                      const std::vector<std::string> &settled,
                      const std::vector<std::string> &openCarts) {
  for (const std::string &id : settled)
    bus.publish("order.paid", id);
  events.stop();
  // Carts still open at shutdown are cancelled and announced.
  for (const std::string &cart : openCarts) {
    bus.publish("order.cancelled", cart); // BUG: use-after-close #cancelcb
    rec.reportMismatch(cart);
  }
  rec.sendSummary(openCarts.size()); // BUG: use-after-close #summary
}

// Payment-provider webhooks can still arrive while the process drains; the
// payment service re-sends them to the next instance, so they are dropped here.
void onLatePaymentWebhook(EventBus &bus, const std::string &orderId) {
  bus.publish("order.paid", orderId); // OK: stop() unsubscribed the paid handler
}

void runCheckoutShutdown(EventBus &bus, const std::vector<std::string> &settled,
                         const std::vector<std::string> &openCarts) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer("kafka-1:9092");
  OrderEvents events(bus, producer);
  Reconciler rec(producer);
  events.start();
  shutdownCheckout(bus, events, rec, settled, openCarts);
}
