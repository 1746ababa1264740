// Order feed service. start() launches a std::thread that drains the order
// queue into the member Kafka producer (send() after close() fails; close()
// twice is an error). Defects: stop() closes the producer before joining the
// worker, which may still be draining the queue and sending; and the main
// driver calls reportTotals() after stop(), which sends one more record
// through the closed producer. The destructor only stops a service that is
// still running, so it does not close the producer a second time.
#include "messaging.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

struct Order {
  std::string id;
  long cents;
};

class OrderFeedService {
public:
  explicit OrderFeedService(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)) {}
  ~OrderFeedService() {
    if (worker_.joinable())
      stop();
  }

  void start() {
    running_ = true;
    worker_ = std::thread([this] { run(); });
  }

  void submit(Order o) {
    std::lock_guard<std::mutex> lk(mu_);
    queue_.push_back(std::move(o));
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      running_ = false;
    }
    cv_.notify_all();
    producer_->close(); // SAME: feedrace
    worker_.join();
  }

  void reportTotals() {
    std::lock_guard<std::mutex> lk(mu_);
    producer_->send({"order-totals", std::to_string(totalCents_)}); // SAME: totals
  }

private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait_for(lk, std::chrono::milliseconds(200),
                   [this] { return !running_ || !queue_.empty(); });
      while (!queue_.empty()) {
        Order o = std::move(queue_.front());
        queue_.pop_front();
        totalCents_ += o.cents;
        lk.unlock();
        producer_->send({"orders", o.id + ":" + std::to_string(o.cents)}); // BUG: use-after-close #feedrace
        lk.lock();
      }
      if (!running_)
        return;
    }
  }

  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Order> queue_;
  std::thread worker_;
  long totalCents_ = 0;
  bool running_ = false;
};

int main() {
  OrderFeedService svc("kafka-orders:9092");
  svc.start();
  for (int i = 0; i < 10000; ++i)
    svc.submit({"ord-" + std::to_string(i), 100L + i});
  svc.stop();
  svc.reportTotals(); // BUG: use-after-close #totals
  return 0;
} // OK: ~OrderFeedService() skips stop() once the worker has been joined
