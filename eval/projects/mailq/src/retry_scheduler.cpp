// RetryScheduler: backoff timer feeding the delivery pool (see retry_scheduler.h).
#include "mailq/retry_scheduler.h"

#include <stdexcept>
#include <utility>
#include <vector>

#include "mailq/log.h"

namespace mailq {

RetryScheduler::RetryScheduler(DeliveryPool &pool) : pool_(pool) {}

RetryScheduler::~RetryScheduler() {
  stop(); // OK: stop() is idempotent
}

void RetryScheduler::onDue(DueFn fn) {
  std::lock_guard<std::mutex> lk(mu_);
  onDue_ = std::move(fn);
}

void RetryScheduler::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_ || timer_.joinable())
    throw std::logic_error("RetryScheduler::start: already started or stopped");
  timer_ = std::thread([this] { run(); });
}

void RetryScheduler::schedule(const Message &m, std::chrono::milliseconds delay) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_)
    throw std::logic_error("retry scheduler stopped");
  due_.emplace(Clock::now() + delay, m);
  cv_.notify_one();
}

void RetryScheduler::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    if (due_.empty()) {
      cv_.wait(lk);
      continue;
    }
    const Clock::time_point next = due_.begin()->first;
    if (Clock::now() < next) {
      cv_.wait_until(lk, next);
      continue;
    }
    std::vector<Message> ready;
    const Clock::time_point now = Clock::now();
    while (!due_.empty() && due_.begin()->first <= now) {
      ready.push_back(std::move(due_.begin()->second));
      due_.erase(due_.begin());
    }
    const DueFn fn = onDue_;
    lk.unlock();
    for (Message &m : ready)
      pool_.submit([fn, m = std::move(m)] { fn(m); }); // BUG: use-after-close #retry_submit_race
    lk.lock();
  }
}

void RetryScheduler::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  cv_.notify_all();
  if (timer_.joinable())
    timer_.join();
  std::size_t dropped = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    dropped = due_.size();
    due_.clear();
  }
  if (dropped > 0)
    logInfo("retry: " + std::to_string(dropped) + " pending retries left in the spool");
  if (metrics_ && dropped > 0)
    metrics_->writeLine("retry.dropped " + std::to_string(dropped)); // SAME: retry_stop_metrics
}

std::size_t RetryScheduler::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return due_.size();
}

} // namespace mailq
