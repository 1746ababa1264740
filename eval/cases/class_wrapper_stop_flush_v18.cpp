// Order-event publishing for the checkout service. EventPublisher wraps a
// kafka::KafkaProducer, buffers events and sends them in batches; stop()
// closes the producer. OrderService::shutdown() calls stop() before flush(),
// so the events still buffered are sent on the closed producer.
// AuditService drains its publisher only while the producer is open.
#include "messaging.h"

#include <chrono>
#include <cstddef>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class EventPublisher {
public:
  EventPublisher(const std::string &brokers, std::string topic, std::size_t batch)
      : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)),
        batch_(batch) {}

  // Buffers the event and sends the whole batch once it is full.
  void publish(const std::string &event) {
    buffer_.push_back(event);
    if (buffer_.size() >= batch_)
      flush();
  }

  // Hands every buffered event to the producer.
  void flush() {
    for (const std::string &event : buffer_)
      producer_->send({topic_, event}); // SAME: flush_after_stop
    buffer_.clear();
  }

  // Sends what is buffered if the producer is still open; otherwise counts
  // the events as dropped.
  void drain() {
    if (producer_->isClosed()) {
      dropped_ += buffer_.size();
      buffer_.clear();
      return;
    }
    flush(); // OK: only reached while the producer is open
  }

  // Closes the producer; events still buffered are not sent by stop().
  void stop() { producer_->close(std::chrono::milliseconds(5000)); }

  std::size_t pending() const { return buffer_.size(); }
  std::size_t dropped() const { return dropped_; }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  std::size_t batch_;
  std::vector<std::string> buffer_;
  std::size_t dropped_ = 0;
};

// Reads counters only; safe on a stopped publisher.
static void reportBacklog(const EventPublisher &pub, const char *name) {
  std::cout << name << ": pending=" << pub.pending()
            << " dropped=" << pub.dropped() << "\n";
}

class OrderService {
public:
  explicit OrderService(const std::string &brokers)
      : events_(brokers, "orders.events", 50) {}

  void placeOrder(const std::string &orderId, double total) {
    events_.publish("{\"type\":\"placed\",\"id\":\"" + orderId +
                    "\",\"total\":" + std::to_string(total) + "}");
  }

  void shutdown() {
    events_.stop();
    events_.flush(); // BUG: use-after-close #flush_after_stop
    reportBacklog(events_, "orders"); // OK: reads counters, does not touch the producer
  }

private:
  EventPublisher events_;
};

class AuditService {
public:
  explicit AuditService(const std::string &brokers)
      : audit_(brokers, "audit.trail", 20) {}

  void record(const std::string &what) { audit_.publish(what); }

  void shutdown() {
    audit_.drain();
    audit_.stop();
    audit_.drain(); // OK: drain() checks isClosed() and only counts the leftovers
    reportBacklog(audit_, "audit");
  }

private:
  EventPublisher audit_;
};

int main() {
  const std::string brokers = "kafka-1:9092,kafka-2:9092";
  OrderService orders(brokers);
  AuditService audit(brokers);
  try {
    orders.placeOrder("A-1001", 59.90);
    orders.placeOrder("A-1002", 12.00);
    audit.record("checkout started");
    audit.shutdown();
    orders.shutdown();
  } catch (const std::exception &e) {
    std::cerr << "shutdown error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
