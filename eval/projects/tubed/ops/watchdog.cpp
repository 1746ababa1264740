// Watchdog: every period, shuts down links that have not been heard from for stale_after
// and drops the pharmacy robot link when the robot stopped answering, then raises an
// alarm for each. Runs on its own thread; stop() joins it.
#include "watchdog.h"

#include <string>
#include <vector>

namespace tubed {

Watchdog::Watchdog(std::shared_ptr<LinkRegistry> links, std::shared_ptr<PharmacyLink> pharmacy,
                   std::shared_ptr<AlarmBus> alarms, std::chrono::milliseconds period,
                   std::chrono::milliseconds stale_after)
    : links_(std::move(links)),
      pharmacy_(std::move(pharmacy)),
      alarms_(std::move(alarms)),
      period_(period),
      stale_after_(stale_after) {}

Watchdog::~Watchdog() {
  stop(); // OK: idempotent; joins only a joinable thread
}

void Watchdog::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (thread_.joinable()) return;
  stop_ = false;
  thread_ = std::thread([this] { loop(); });
}

void Watchdog::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Watchdog::loop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stop_) {
    if (cv_.wait_for(lk, period_, [this] { return stop_; })) break;
    lk.unlock();
    sweep();
    lk.lock();
  }
}

void Watchdog::sweep() {
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::string> silenced;
  links_->for_each([&](Link& link) {
    if (!usable(link) || now - link.last_heard() < stale_after_) return;
    link.shutdown(); // OK: every Link implementation serializes shutdown() with send() on its own mutex
    silenced.push_back(link.name());
  });
  if (pharmacy_->connected() && pharmacy_->silent_for() > stale_after_) {
    pharmacy_->disconnect(); // SAME: wd_race
    silenced.push_back("pharmacy-robot");
  }
  for (const std::string& name : silenced) {
    alarms_->publish(Alarm{Severity::Warning, "watchdog", name + " silent; link shut down"});
  }
}

}  // namespace tubed
