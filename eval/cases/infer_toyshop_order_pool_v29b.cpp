// Toyshop back office: a small work crew of the shop's own (a few threads that
// pop queued callables and run them; join() lets them finish the queue and
// joins them) renders gift-wrap tags and restock alerts and publishes them to
// Kafka. The nightly order run and the restock run each own one producer that
// the crew's jobs capture by reference.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "messaging.h"

namespace toyshop {

class WorkCrew {
public:
  explicit WorkCrew(std::size_t hands) {
    for (std::size_t i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~WorkCrew() {
    if (!joined_)
      join();
  }
  WorkCrew(const WorkCrew &) = delete;
  WorkCrew &operator=(const WorkCrew &) = delete;

  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (finishing_)
      throw std::logic_error("work crew is finishing");
    jobs_.push_back(std::move(job));
    ready_.notify_one();
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      finishing_ = true;
    }
    ready_.notify_all();
    for (std::thread &t : hands_)
      t.join();
    hands_.clear();
    joined_ = true;
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        ready_.wait(lock, [this] { return finishing_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> hands_;
  bool finishing_ = false;
  bool joined_ = false;
};

struct ToyOrder {
  std::string orderId;
  std::string recipient;
  std::string message;
  bool giftWrap = false;
};

struct RestockAlert {
  std::string sku;
  int onHand = 0;
  int reorderPoint = 0;
};

std::string renderGiftTag(const ToyOrder &order);
std::string renderAlert(const RestockAlert &alert);

void publishNightlyOrders(const std::vector<ToyOrder> &orders,
                          const std::string &brokers) {
  kafka::KafkaProducer producer(brokers);
  WorkCrew crew(3);
  for (const ToyOrder &order : orders) {
    if (!order.giftWrap)
      continue;
    crew.post([&producer, order] {
      std::string tag = renderGiftTag(order);
      producer.send(kafka::ProducerRecord{"toyshop.giftwrap", tag}); // BUG: use-after-close #giftwrap_tags
    });
  }
  producer.send(kafka::ProducerRecord{"toyshop.nightly", "orders-queued"});
  producer.flush();
  producer.close(); // SAME: giftwrap_tags
  crew.join();
}

void publishRestockAlerts(const std::vector<RestockAlert> &alerts,
                          const std::string &brokers) {
  kafka::KafkaProducer producer(brokers);
  {
    WorkCrew crew(2);
    for (const RestockAlert &alert : alerts) {
      if (alert.onHand > alert.reorderPoint)
        continue;
      crew.post([&producer, alert] {
        producer.send(kafka::ProducerRecord{"toyshop.restock", renderAlert(alert)}); // OK
      });
    }
    crew.join();
  }
  producer.send(kafka::ProducerRecord{"toyshop.restock", "run-complete"}); // OK
  producer.flush(); // OK
  producer.close(); // OK
}

} // namespace toyshop
