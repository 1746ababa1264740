// RetryTimer: every period, resends the records whose first send failed.
// It keeps its own reference to the producer it was constructed with.
#include "toll_events.h"

#include <utility>

namespace toll {

RetryTimer::RetryTimer(std::shared_ptr<kafka::KafkaProducer> producer, std::chrono::milliseconds period)
    : producer_(std::move(producer)), period_(period) {}

RetryTimer::~RetryTimer() { stop(); } // OK: stop() returns at once after an earlier stop()

void RetryTimer::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable() || stopping_)
    return;
  thread_ = std::thread([this] { run(); });
}

void RetryTimer::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void RetryTimer::enqueue(kafka::ProducerRecord rec) {
  std::lock_guard<std::mutex> lock(mu_);
  backlog_.push_back(std::move(rec));
}

std::size_t RetryTimer::backlog() const {
  std::lock_guard<std::mutex> lock(mu_);
  return backlog_.size();
}

void RetryTimer::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    wake_.wait_for(lock, period_, [this] { return stopping_; });
    if (stopping_)
      break;
    lock.unlock();
    fire();
    lock.lock();
  }
}

void RetryTimer::fire() {
  std::deque<kafka::ProducerRecord> batch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    batch.swap(backlog_);
  }
  for (const kafka::ProducerRecord &rec : batch)
    producer_->send(rec); // BUG: use-after-close #retryrace
}

} // namespace toll
