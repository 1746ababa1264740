// Watchdog thread: probes the billing publisher (held weakly: the checker
// must not keep a replaced publisher alive) and writes "ok"/"degraded" into
// a status file that the site's monitoring agent reads.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "audit_log.h"
#include "billing_publisher.h"

class HealthChecker {
public:
  HealthChecker(AuditLog &audit, std::string statusPath, std::chrono::milliseconds interval);
  ~HealthChecker();
  HealthChecker(const HealthChecker &) = delete;
  HealthChecker &operator=(const HealthChecker &) = delete;

  void watch(std::weak_ptr<BillingPublisher> publisher);
  // Moves the status file (configuration reload).
  void setStatusPath(const std::string &path);
  bool start();
  void stop();
  bool healthy() const { return healthy_.load(); }

private:
  void run();
  void probeOnce();
  void writeStatus(bool ok);

  AuditLog &audit_;
  std::string statusPath_;
  const std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::weak_ptr<BillingPublisher> publisher_;
  bool stopping_ = false;
  std::atomic<bool> healthy_{true};
  int statusFd_ = -1;
  std::thread worker_;
};
