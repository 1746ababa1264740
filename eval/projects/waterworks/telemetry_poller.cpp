// TelemetryPoller: each poll runs on the worker pool and re-arms the next one
// with try_submit(), which reports a pool that was shut down instead of
// throwing; stop() waits for a poll in progress, so the caller can tear down
// the bus right after it.
#include "telemetry_poller.h"

#include <thread>
#include <utility>

#include "scope_exit.h"

namespace ww {

TelemetryPoller::TelemetryPoller(std::shared_ptr<ThreadPool> pool,
                                 std::shared_ptr<ReservoirTelemetry> reservoirs,
                                 std::chrono::milliseconds period)
    : pool_(std::move(pool)), reservoirs_(std::move(reservoirs)), period_(period) {}

void TelemetryPoller::start() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (running_) return;
    running_ = true;
  }
  std::weak_ptr<TelemetryPoller> weak = weak_from_this();
  pool_->submit([weak] { if (std::shared_ptr<TelemetryPoller> self = weak.lock()) self->run_once(); }); // SAME: stale_pool
}

void TelemetryPoller::stop() {
  std::unique_lock<std::mutex> lk(mu_);
  running_ = false;
  idle_cv_.wait(lk, [this] { return !in_flight_; });
}

bool TelemetryPoller::running() const {
  std::lock_guard<std::mutex> lk(mu_);
  return running_;
}

std::uint64_t TelemetryPoller::polls() const { return polls_.load(); }

void TelemetryPoller::run_once() {
  std::this_thread::sleep_for(period_);
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_) return;
    in_flight_ = true;
  }
  {
    ScopeExit done([this] {
      std::lock_guard<std::mutex> lk(mu_);
      in_flight_ = false;
      idle_cv_.notify_all();
    });
    Status st = reservoirs_->poll_once();
    ++polls_;
    if (!st.ok()) ++failures_;
  }
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_) return;
  }
  std::weak_ptr<TelemetryPoller> weak = weak_from_this();
  bool queued = pool_->try_submit([weak] { if (std::shared_ptr<TelemetryPoller> self = weak.lock()) self->run_once(); }); // OK: try_submit() returns false on a shut-down pool
  if (!queued) {
    std::lock_guard<std::mutex> lk(mu_);
    running_ = false;
  }
}

}  // namespace ww
