// Hashed timer wheel with its own thread.
#include "dnscache/timer_wheel.h"

namespace dnscache {

TimerWheel::TimerWheel(std::chrono::milliseconds tick, std::size_t slots)
    : tick_(tick.count() > 0 ? tick : std::chrono::milliseconds(100)), slots_(slots ? slots : 1) {}

TimerWheel::~TimerWheel() {
  stop(); // OK: stop() is idempotent (stopped_ under mu_)
}

void TimerWheel::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (running_ || stopped_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void TimerWheel::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return;
    stopped_ = true;
    running_ = false;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  std::vector<std::list<Timer>> dropped;
  {
    std::lock_guard<std::mutex> lk(mu_);
    dropped.swap(slots_);
    slots_.resize(dropped.size());
    live_.clear();
  }
  // Destroy the pending callbacks outside the lock: they may own sessions
  // whose destructors close sockets.
  dropped.clear(); // OK: releases what the callbacks captured; ~TcpSession's close() is idempotent
}

TimerWheel::TimerId TimerWheel::schedule(std::chrono::milliseconds delay, Callback cb) {
  std::lock_guard<std::mutex> lk(mu_);
  return addLocked(delay, std::chrono::milliseconds(0), std::move(cb));
}

TimerWheel::TimerId TimerWheel::every(std::chrono::milliseconds period, Callback cb) {
  if (period.count() <= 0)
    period = tick_;
  std::lock_guard<std::mutex> lk(mu_);
  return addLocked(period, period, std::move(cb));
}

bool TimerWheel::cancel(TimerId id) {
  std::lock_guard<std::mutex> lk(mu_);
  return live_.erase(id) > 0;
}

std::size_t TimerWheel::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return live_.size();
}

TimerWheel::TimerId TimerWheel::addLocked(std::chrono::milliseconds delay,
                                          std::chrono::milliseconds period, Callback cb) {
  if (stopped_)
    return 0;
  const TimerId id = nextId_++;
  live_.insert(id);
  placeLocked(Timer{id, 0, period, std::move(cb)}, delay);
  return id;
}

void TimerWheel::placeLocked(Timer timer, std::chrono::milliseconds delay) {
  uint64_t ticks = static_cast<uint64_t>(delay.count() / tick_.count());
  if (ticks == 0)
    ticks = 1;
  const std::size_t n = slots_.size();
  timer.rounds = (ticks - 1) / n;
  slots_[(cursor_ + ticks) % n].push_back(std::move(timer));
}

void TimerWheel::run() {
  auto next = std::chrono::steady_clock::now() + tick_;
  std::unique_lock<std::mutex> lk(mu_);
  while (running_) {
    cv_.wait_until(lk, next, [this] { return !running_; });
    if (!running_)
      break;
    if (std::chrono::steady_clock::now() < next)
      continue;
    next += tick_;
    cursor_ = (cursor_ + 1) % slots_.size();
    std::vector<Timer> due;
    auto &slot = slots_[cursor_];
    for (auto it = slot.begin(); it != slot.end();) {
      if (!live_.count(it->id)) {
        it = slot.erase(it);
      } else if (it->rounds > 0) {
        --it->rounds;
        ++it;
      } else {
        due.push_back(std::move(*it));
        it = slot.erase(it);
      }
    }
    lk.unlock();
    std::vector<Timer> periodic;
    std::vector<TimerId> fired;
    for (auto &t : due) {
      t.cb();
      if (t.period.count() > 0)
        periodic.push_back(std::move(t));
      else
        fired.push_back(t.id);
    }
    due.clear(); // one-shot callbacks are destroyed outside the lock
    lk.lock();
    for (auto &t : periodic) {
      if (running_ && live_.count(t.id)) {
        const auto period = t.period;
        placeLocked(std::move(t), period);
      } else {
        live_.erase(t.id);
      }
    }
    for (TimerId id : fired)
      live_.erase(id);
  }
}

} // namespace dnscache
