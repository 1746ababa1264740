// HeartbeatTimer: periodic callback on its own thread (see heartbeat_timer.h).
#include "kvlog/heartbeat_timer.h"
#include "kvlog/log.h"

#include <exception>

namespace kvlog {

HeartbeatTimer::HeartbeatTimer(std::string name) : name_(std::move(name)) {}

HeartbeatTimer::~HeartbeatTimer() {
  stop(); // OK: stop() is idempotent
}

void HeartbeatTimer::start(std::chrono::milliseconds interval, std::function<void()> tick) {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable() || stopping_)
    return;
  interval_ = interval;
  tick_ = std::move(tick);
  thread_ = std::thread([this] { loop(); });
}

void HeartbeatTimer::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    if (cv_.wait_for(lock, interval_, [this] { return stopping_; }))
      break;
    lock.unlock();
    try {
      tick_();
    } catch (const std::exception &e) {
      logError("%s: tick failed: %s", name_.c_str(), e.what());
    }
    lock.lock();
  }
}

void HeartbeatTimer::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id())
    thread_.join();
}

} // namespace kvlog
