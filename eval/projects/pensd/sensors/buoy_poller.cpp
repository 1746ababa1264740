// BuoyPoller: the constructor starts a thread that walks every buoy address on
// the bus each period and publishes the raw replies as "buoy.frame" events.
// request_stop() only flags the thread (it may be in the middle of a two-second
// serial exchange); stop() also joins it.
#include "buoy_poller.h"

#include <string>
#include <utility>

BuoyPoller::BuoyPoller(std::shared_ptr<Rs485Bus> bus, std::shared_ptr<EventDispatcher> events,
                       std::vector<std::uint8_t> addresses, std::chrono::milliseconds period)
    : bus_(std::move(bus)),
      events_(std::move(events)),
      addresses_(std::move(addresses)),
      period_(period),
      running_(true) {
  worker_ = std::thread([this] { run(); });
}

BuoyPoller::~BuoyPoller() { stop(); }

void BuoyPoller::run() {
  while (running_.load()) {
    for (std::uint8_t address : addresses_) {
      if (!running_.load()) break;
      Result<std::string> frame = bus_->transact(address, "READ");  // BUG: use-after-close #pollrace
      if (!frame.ok()) continue;
      events_->emit("buoy.frame", std::to_string(address) + ":" + frame.value());  // OK: the dispatcher is stopped in Phase::Seal, after JoinPollerStep joined this thread
    }
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait_for(lk, period_, [this] { return !running_.load(); });
  }
}

void BuoyPoller::request_stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    running_.store(false);
  }
  cv_.notify_all();
}

void BuoyPoller::stop() {
  request_stop();
  std::lock_guard<std::mutex> lk(join_mu_);
  if (worker_.joinable()) worker_.join();
}

bool BuoyPoller::running() const { return running_.load(); }
