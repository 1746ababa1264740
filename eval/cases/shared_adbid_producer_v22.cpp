// Real-time ad bidding: every auction outcome is published to Kafka. The
// BidLogger owns a worker thread that drains a queue of outcomes into a
// shared kafka::KafkaProducer (send() after close() fails with "Producer
// closed while send in progress"); the BudgetReporter and the WinNotifier
// share the same producer through shared_ptr copies. Defects: BidLogger::stop()
// closes the producer before it joins the worker, so the worker can be inside
// send() while the producer is closed (race); the budget reporter publishes a
// final spend summary after the logger has closed the shared producer.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace bidding {

struct AuctionOutcome {
  std::string auctionId;
  std::string campaign;
  double clearingPrice;
  bool won;
};

class BidLogger {
public:
  explicit BidLogger(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}

  void start() {
    running_ = true;
    worker_ = std::thread([this] { drain(); });
  }

  void log(AuctionOutcome outcome) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      pending_.push_back(std::move(outcome));
    }
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      running_ = false;
    }
    producer_->close(); // SAME: drain_race
    cv_.notify_all();
    if (worker_.joinable())
      worker_.join();
  }

private:
  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    while (running_ || !pending_.empty()) {
      cv_.wait(lock, [this] { return !running_ || !pending_.empty(); });
      while (!pending_.empty()) {
        AuctionOutcome o = std::move(pending_.front());
        pending_.pop_front();
        lock.unlock();
        producer_->send({"auction-outcomes", o.auctionId + ":" + o.campaign + ":" + std::to_string(o.clearingPrice)}); // BUG: use-after-close #drain_race
        lock.lock();
      }
    }
  }

  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<AuctionOutcome> pending_;
  bool running_ = false;
  std::thread worker_;
};

class BudgetReporter {
public:
  explicit BudgetReporter(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void add(const AuctionOutcome &o) {
    if (o.won)
      spent_ += o.clearingPrice;
  }
  void publishSummary(const std::string &campaign) {
    producer_->send({"budget-spend", campaign + ":" + std::to_string(spent_)}); // SAME: final_summary
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  double spent_ = 0.0;
};

class WinNotifier {
public:
  explicit WinNotifier(std::shared_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)) {}
  void notify(const AuctionOutcome &o) {
    if (!o.won || producer_->isClosed())
      return;
    producer_->send({"win-notices", o.auctionId}); // OK: returns early once closed
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
};

} // namespace bidding

void runAuctionWindow(const std::string &brokers) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers);
  bidding::BidLogger logger(producer);
  bidding::BudgetReporter budget(producer);
  bidding::WinNotifier notifier(producer);
  logger.start();

  for (int i = 0; i < 1000; ++i) {
    bidding::AuctionOutcome o{"auc-" + std::to_string(i), "spring-sale", 0.42 + i * 0.001, i % 3 == 0};
    logger.log(o);
    budget.add(o);
    notifier.notify(o);
  }
  budget.publishSummary("spring-sale-interim"); // OK: producer still open
  producer->flush();
  logger.stop();
  notifier.notify({"auc-late", "spring-sale", 0.5, true}); // OK: notify() checks isClosed()
  budget.publishSummary("spring-sale"); // BUG: use-after-close #final_summary
}
