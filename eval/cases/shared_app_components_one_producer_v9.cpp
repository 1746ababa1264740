// An application wires one KafkaProducer into two components through
// shared_ptr copies. stop() shuts the order service down, which closes the
// shared producer, and then asks the metrics reporter for its final report,
// which sends on that same closed producer (bug). drain() sends the final
// report first and only then shuts the order service down (fine).
#include "messaging.h"
#include <memory>
#include <string>
#include <utility>

class OrderService {
public:
  explicit OrderService(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void placeOrder(const std::string &orderId) {
    producer_->send({"orders", orderId});
  }
  void shutdown() {
    producer_->flush();
    producer_->close();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

class MetricsReporter {
public:
  explicit MetricsReporter(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void countOrder() { ++orders_; }
  void sendFinalReport() {
    producer_->send({"metrics", "orders_total=" + std::to_string(orders_)}); // SAME: final
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  long orders_ = 0;
};

class Application {
public:
  explicit Application(const std::string &brokers)
      : producer_(std::make_shared<kafka::KafkaProducer>(brokers)),
        orders_(producer_), metrics_(producer_) {}

  void handleOrder(const std::string &orderId) {
    orders_.placeOrder(orderId);
    metrics_.countOrder();
  }

  void stop() {
    orders_.shutdown();
    metrics_.sendFinalReport(); // BUG: use-after-close #final
  }

  void drain() {
    metrics_.sendFinalReport(); // OK: before the shared producer is closed
    orders_.shutdown();
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  OrderService orders_;
  MetricsReporter metrics_;
};
