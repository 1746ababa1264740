// An order service builds one KafkaProducer and shares it with an
// OrderPublisher that keeps a shared_ptr copy in a member. Closing the
// producer through the service's own owner closes the object the publisher
// holds as well, so publishing afterwards sends on a closed producer (bug).
// The publish before the close is correct.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>

class OrderPublisher {
public:
  explicit OrderPublisher(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void publish(const std::string &orderJson) {
    producer_->send({"orders", orderJson}); // SAME: pub
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class OrderService {
public:
  OrderService()
      : producer_(std::make_shared<kafka::KafkaProducer>("kafka-1:9092")), publisher_(producer_) {}

  void placeOrder(const std::string &orderJson) { publisher_.publish(orderJson); }

  void shutdown(const std::string &lastOrder) {
    publisher_.publish(lastOrder); // OK
    producer_->close();
    publisher_.publish("{\"type\":\"shutdown\"}"); // BUG: use-after-close #pub
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  OrderPublisher publisher_;
};
