// HealthMonitor: periodic health checks registered by the components.
#include "ingestd/health_monitor.h"
#include "ingestd/log_file.h"

#include <exception>

namespace ingestd {

HealthMonitor::HealthMonitor(std::chrono::seconds interval, LogFile &log)
    : interval_(interval), log_(log) {}

HealthMonitor::~HealthMonitor() {
  stop(); // OK: stop() is idempotent
}

void HealthMonitor::addCheck(std::string name, Check check) {
  std::lock_guard<std::mutex> lk(mu_);
  checks_.emplace_back(std::move(name), std::move(check));
}

void HealthMonitor::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (running_ || stop_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void HealthMonitor::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stop_)
      return;
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void HealthMonitor::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stop_) {
    if (cv_.wait_for(lk, interval_, [this] { return stop_; }))
      break;
    lk.unlock();
    runChecksOnce();
    lk.lock();
  }
}

void HealthMonitor::runChecksOnce() {
  // checks_ is not modified after start(), so it is read without the lock.
  std::map<std::string, bool> results;
  for (const auto &check : checks_) {
    bool healthy = false;
    try {
      healthy = check.second();
    } catch (const std::exception &e) {
      log_.warn("health check %s threw: %s", check.first.c_str(), e.what());
    }
    if (!healthy)
      log_.warn("health check %s failing", check.first.c_str());
    results[check.first] = healthy;
  }
  std::lock_guard<std::mutex> lk(mu_);
  results_.swap(results);
}

std::string HealthMonitor::summary() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::string out;
  for (const auto &r : results_)
    out += r.first + (r.second ? " healthy\n" : " failing\n");
  return out.empty() ? "no results yet\n" : out;
}

} // namespace ingestd
