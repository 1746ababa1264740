// Kite maker's order feed. Workshop orders (sail cloth, spars, bridles) are
// published to Kafka; the producer is rotated when the broker list changes
// and recreated after a broker outage. Courier pickups go over a
// net::Connection that is replaced by a fresh connection when the courier
// changes. Negative case: every send after a close goes to a new object that
// was put in place on that same path (make_unique, the factory, or a freshly
// constructed connection assigned over the closed one).
#include "messaging.h"
#include "netconn.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct KiteOrder {
  std::string customer;
  std::string model;
  int spanCm;
};

static kafka::ProducerRecord orderRecord(const KiteOrder &o) {
  return {"kite-orders", o.customer + "|" + o.model + "|" + std::to_string(o.spanCm)};
}

class OrderFeed {
public:
  explicit OrderFeed(std::string brokers)
      : brokers_(std::move(brokers)),
        producer_(std::make_unique<kafka::KafkaProducer>(brokers_)) {}

  void publish(const KiteOrder &o) { producer_->send(orderRecord(o)); }

  void rotate(const std::string &brokers) {
    producer_->flush();
    producer_->close();
    brokers_ = brokers;
    producer_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    producer_->send({"kite-orders", "rotated to " + brokers_}); // OK
  }

  void recoverFromOutage(const std::vector<KiteOrder> &unsent) {
    producer_->close();
    producer_ = kafka::createProducer(brokers_);
    for (const KiteOrder &o : unsent)
      producer_->send(orderRecord(o)); // OK
    producer_->flush(); // OK
  }

  void close() { producer_->close(); }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

class CourierDesk {
public:
  explicit CourierDesk(const std::string &courier) : link_(courier) {}

  void bookPickup(const KiteOrder &o) {
    link_.send("pickup " + o.customer + " " + o.model);
  }

  void switchCourier(const std::string &courier, bool urgent) {
    link_.flush();
    link_.close();
    link_ = net::Connection(courier);
    if (urgent)
      link_.send("urgent pickups today"); // OK
  }

  void endOfDay(int parcels) {
    link_.send("parcels " + std::to_string(parcels));
    link_.close();
  }

private:
  net::Connection link_;
};

void dispatchDay(const std::vector<KiteOrder> &orders, const std::string &brokers,
                 const std::string &courier, const std::string &backupCourier) {
  auto producer = kafka::createProducer(brokers);
  CourierDesk desk(courier);
  for (const KiteOrder &o : orders) {
    producer->send(orderRecord(o));
    desk.bookPickup(o);
    if (o.spanCm > 300) {
      producer->close();
      producer = std::make_unique<kafka::KafkaProducer>(brokers);
      producer->send({"kite-orders", "oversize " + o.customer}); // OK
      desk.switchCourier(backupCourier, true);
      desk.bookPickup(o); // OK
    }
  }
  producer->close();
  desk.endOfDay(static_cast<int>(orders.size()));
}
