// RunScheduler: see run_scheduler.h.
#include "backupd/run_scheduler.h"

#include <cstdio>
#include <exception>

namespace backupd {

RunScheduler::RunScheduler(std::chrono::seconds interval, std::function<void()> job)
    : interval_(interval), job_(std::move(job)) {}

RunScheduler::~RunScheduler() { stop(); }

void RunScheduler::start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (thread_.joinable() || stopping_)
    return;
  thread_ = std::thread([this] { loop(); });
}

void RunScheduler::triggerNow() {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_)
    return;
  triggered_ = true;
  cv_.notify_one();
}

void RunScheduler::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void RunScheduler::loop() {
  std::unique_lock<std::mutex> lock(mu_);
  auto next = std::chrono::steady_clock::now() + interval_;
  while (!stopping_) {
    cv_.wait_until(lock, next, [this] { return stopping_ || triggered_; });
    if (stopping_)
      break;
    if (!triggered_ && std::chrono::steady_clock::now() < next)
      continue; // spurious wakeup
    triggered_ = false;
    lock.unlock();
    try {
      job_();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "backupd: run failed: %s\n", e.what());
    }
    lock.lock();
    next = std::chrono::steady_clock::now() + interval_;
  }
}

} // namespace backupd
