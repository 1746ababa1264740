// HeartbeatTimer: periodic tick on a dedicated thread (contract in
// heartbeat_timer.h: stop() is idempotent and joins the thread).
#include "iotbridge/heartbeat_timer.h"

#include <stdexcept>

#include "iotbridge/log.h"

namespace iotbridge {

HeartbeatTimer::HeartbeatTimer(std::chrono::milliseconds interval,
                               std::function<void()> tick)
    : interval_(interval), tick_(std::move(tick)) {}

HeartbeatTimer::~HeartbeatTimer() {
  stop();  // OK: stop() returns at once when the thread was already joined
}

void HeartbeatTimer::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (thread_.joinable()) throw std::logic_error("HeartbeatTimer already running");
  stopRequested_ = false;
  thread_ = std::thread([this] { run(); });
}

void HeartbeatTimer::stop() {
  std::thread worker;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!thread_.joinable()) return;
    stopRequested_ = true;
    worker = std::move(thread_);
  }
  cv_.notify_all();
  worker.join();
}

void HeartbeatTimer::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopRequested_) {
    if (cv_.wait_for(lk, interval_, [this] { return stopRequested_; })) break;
    lk.unlock();
    try {
      tick_();
    } catch (const std::exception& e) {
      IOTB_LOG(Warn, "heartbeat", "tick failed: " << e.what());
    }
    lk.lock();
  }
}

}  // namespace iotbridge
