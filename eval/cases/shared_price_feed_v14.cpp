// Price feed publisher. The feed owns its kafka::KafkaProducer (messaging.h:
// send() after close() fails; close() twice is an error) through a shared_ptr
// whose deleter closes the producer unless it is already closed; subscriber
// callbacks run on the market-data thread and hold only a weak_ptr to the feed.
// Negative case, correct: publish(), rotate() and stop() all take mu_, so a
// send never overlaps the close in rotate(); rotate() sends only on the new
// producer; after stop() or after the feed is gone the callbacks return early;
// the deleter skips the producer that rotate() already closed.
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

struct Quote {
  std::string symbol;
  double price;
};

struct ClosingDeleter {
  void operator()(kafka::KafkaProducer *p) const {
    if (!p->isClosed())
      p->close(); // OK: skipped for the producer rotate() already closed
    delete p;
  }
};

std::shared_ptr<kafka::KafkaProducer> makeSharedProducer(const std::string &brokers) {
  return std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(brokers).release(), ClosingDeleter{});
}

class PriceFeed : public std::enable_shared_from_this<PriceFeed> {
public:
  explicit PriceFeed(std::string brokers)
      : brokers_(std::move(brokers)), producer_(makeSharedProducer(brokers_)) {}

  std::function<void(const Quote &)> subscriber() {
    std::weak_ptr<PriceFeed> self = weak_from_this();
    return [self](const Quote &q) {
      if (auto feed = self.lock())
        feed->publish(q);
    };
  }

  void publish(const Quote &q) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!producer_)
      return;
    producer_->send({"quotes", q.symbol + "=" + std::to_string(q.price)}); // OK: rotate() closes only under the same mutex
  }

  void rotate() {
    std::lock_guard<std::mutex> lock(mu_);
    std::shared_ptr<kafka::KafkaProducer> old = std::exchange(producer_, makeSharedProducer(brokers_));
    old->flush();
    old->close();
    producer_->send({"quotes.control", "producer rotated"}); // OK: producer_ is the new producer, only old was closed
  } // OK: old's deleter sees isClosed() and only deletes it

  void stop() {
    std::lock_guard<std::mutex> lock(mu_);
    if (!producer_)
      return;
    producer_->flush();
    producer_.reset();
  }

private:
  std::string brokers_;
  std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

int main() {
  auto feed = std::make_shared<PriceFeed>("kafka-1:9092,kafka-2:9092");
  std::function<void(const Quote &)> onQuote = feed->subscriber();
  std::thread market([onQuote] {
    for (int i = 0; i < 1000; ++i)
      onQuote({"ACME", 100.0 + i * 0.01});
  });
  feed->rotate();
  market.join();
  feed->stop();
  onQuote({"ACME", 99.5}); // OK: publish() returns once stop() released the producer
  feed->stop(); // OK: stop() returns early when producer_ is already empty
  feed.reset();
  onQuote({"ACME", 99.0}); // OK: lock() fails once the feed is destroyed
  std::puts("feed stopped");
  return 0;
}
