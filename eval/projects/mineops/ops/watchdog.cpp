// Watchdog: runs the registered health checks every period on its own thread and raises a
// warning for each failing one. stop() wakes and joins the thread, then records on the alarm
// queue that supervision has ended.
#include "watchdog.h"

#include <utility>

Watchdog::Watchdog(std::shared_ptr<BoundedQueue<Alarm>> alarms, std::chrono::milliseconds period)
    : alarms_(std::move(alarms)), period_(period) {}

Watchdog::~Watchdog() {
    stop();
}

void Watchdog::addCheck(std::string name, std::function<bool()> healthy) {
    std::lock_guard<std::mutex> lk(mu_);
    checks_.push_back(Check{std::move(name), std::move(healthy)});
}

void Watchdog::start() {
    if (running_.exchange(true)) return;
    thread_ = std::thread([this] { loop(); });
}

void Watchdog::stop() {
    if (!running_.exchange(false)) return;
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    alarms_->push(Alarm{Severity::Info, "watchdog", "supervision stopped"}); // SAME: wd-stopped
}

void Watchdog::loop() {
    std::unique_lock<std::mutex> lk(mu_);
    while (running_.load()) {
        const std::vector<Check> checks = checks_;
        lk.unlock();
        for (const auto& check : checks) {
            if (!check.healthy()) {
                alarms_->tryPush(Alarm{Severity::Warning, "watchdog", check.name + " unhealthy"}); // OK: tryPush() returns false on a closed queue instead of throwing
            }
        }
        lk.lock();
        cv_.wait_for(lk, period_, [this] { return !running_.load(); });
    }
}
