// LiftMonitor: polls registry snapshots once a second with tryPoll(), which
// checks the link state under the link's own mutex, so a link closed by the
// ops thread is skipped rather than read. The monitor is stopped and joined
// before patrol dispatch is closed (see resort_shutdown.cpp).
#include "lift_monitor.h"

#include <chrono>

namespace liftops {

LiftMonitor::LiftMonitor(LiftRegistry &registry, std::shared_ptr<DispatchChannel> dispatch)
    : registry_(registry), dispatch_(std::move(dispatch)) {}

LiftMonitor::~LiftMonitor() {
  stop(); // OK: a second stop() finds the thread already joined
}

void LiftMonitor::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (running_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void LiftMonitor::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_ = false;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void LiftMonitor::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (running_) {
    lock.unlock();
    for (const auto &link : registry_.snapshot()) {
      auto telemetry = link->tryPoll(); // OK: tryPoll() returns nothing for a closed link
      if (telemetry && telemetry->faulted)
        dispatch_->post({link->liftId(), "drive fault reported", 3}); // OK: dispatch closes only after this thread is joined
    }
    lock.lock();
    wake_.wait_for(lock, std::chrono::seconds(1), [this] { return !running_; });
  }
}

} // namespace liftops
