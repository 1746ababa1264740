// A single timer thread with a min-heap of due callbacks.
#include "logship/scheduler.h"
#include "logship/log.h"

#include <algorithm>
#include <exception>

namespace logship {

Scheduler::~Scheduler() { stop(); } // OK: stop() is idempotent

void Scheduler::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_ || thread_.joinable())
    return;
  thread_ = std::thread([this] { run(); });
}

bool Scheduler::addLocked(Entry e) {
  if (stopped_)
    return false;
  e.seq = nextSeq_++;
  heap_.push_back(std::move(e));
  std::push_heap(heap_.begin(), heap_.end(), Later{});
  return true;
}

bool Scheduler::every(std::chrono::milliseconds period, Callback cb) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!addLocked(Entry{Clock::now() + period, period, std::move(cb), 0}))
      return false;
  }
  cv_.notify_one();
  return true;
}

bool Scheduler::after(std::chrono::milliseconds delay, Callback cb) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!addLocked(Entry{Clock::now() + delay, std::chrono::milliseconds::zero(),
                         std::move(cb), 0}))
      return false;
  }
  cv_.notify_one();
  return true;
}

void Scheduler::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return;
    stopped_ = true;
    heap_.clear();
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

bool Scheduler::stopped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stopped_;
}

void Scheduler::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopped_) {
    if (heap_.empty()) {
      cv_.wait(lk);
      continue;
    }
    const auto due = heap_.front().due;
    if (Clock::now() < due) {
      cv_.wait_until(lk, due);
      continue;
    }
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    Entry e = std::move(heap_.back());
    heap_.pop_back();
    lk.unlock();
    try {
      e.cb();
    } catch (const std::exception &ex) {
      log_error("scheduler: callback failed: %s", ex.what());
    }
    lk.lock();
    if (e.period.count() > 0 && !stopped_) {
      e.due += e.period;
      addLocked(std::move(e));
    }
  }
}

} // namespace logship
