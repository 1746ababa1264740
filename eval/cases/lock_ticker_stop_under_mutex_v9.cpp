// Negative: the publisher thread waits, checks stopping_ and sends while it
// holds mu_; stop() sets stopping_ and closes the producer while holding the
// same mu_. A send either completes before stop() takes the lock or sees
// stopping_ afterwards and returns, so no send overlaps or follows the close.
#include "messaging.h"
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

class TickerPublisher {
public:
  explicit TickerPublisher(const std::string &brokers) : producer_(brokers) {}
  ~TickerPublisher() { stop(); }

  void start() { worker_ = std::thread([this] { run(); }); }

  void enqueue(std::string quote) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_)
        return;
      pending_.push_back(std::move(quote));
    }
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_)
        return;
      stopping_ = true;
      producer_.flush();
      producer_.close(); // OK: under mu_, with stopping_ already set
    }
    cv_.notify_all();
    if (worker_.joinable())
      worker_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (stopping_)
        return;
      std::string quote = std::move(pending_.front());
      pending_.pop_front();
      producer_.send({"quotes", quote}); // OK: stopping_ checked under mu_
    }
  }

  kafka::KafkaProducer producer_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pending_;
  bool stopping_ = false;
  std::thread worker_;
};
