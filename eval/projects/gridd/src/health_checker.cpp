// HealthChecker: periodic billing probe and status file for the watchdog.
#include "health_checker.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

#include "fd_io.h"

HealthChecker::HealthChecker(AuditLog &audit, std::string statusPath,
                             std::chrono::milliseconds interval)
    : audit_(audit), statusPath_(std::move(statusPath)), interval_(interval) {}

HealthChecker::~HealthChecker() { stop(); } // OK

void HealthChecker::watch(std::weak_ptr<BillingPublisher> publisher) {
  std::lock_guard<std::mutex> lock(mu_);
  publisher_ = std::move(publisher);
}

void HealthChecker::setStatusPath(const std::string &path) {
  if (path == statusPath_)
    return;
  const int next = path.empty() ? -1 : ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (!path.empty() && next < 0) {
    audit_.record("health: cannot open %s: %s", path.c_str(), std::strerror(errno));
    return;
  }
  const int previous = statusFd_;
  statusFd_ = next;
  statusPath_ = path;
  if (previous >= 0)
    ::close(previous); // SAME: status_swap
}

bool HealthChecker::start() {
  if (worker_.joinable())
    return true;
  if (!statusPath_.empty()) {
    statusFd_ = ::open(statusPath_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (statusFd_ < 0)
      audit_.record("health: cannot open %s: %s", statusPath_.c_str(), std::strerror(errno));
  }
  worker_ = std::thread([this] { run(); });
  return true;
}

void HealthChecker::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (worker_.joinable())
    worker_.join();
  if (statusFd_ >= 0) {
    ::close(statusFd_); // OK
    statusFd_ = -1;
  }
}

void HealthChecker::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    lock.unlock();
    probeOnce();
    lock.lock();
    cv_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

void HealthChecker::probeOnce() {
  std::shared_ptr<BillingPublisher> pub;
  {
    std::lock_guard<std::mutex> lock(mu_);
    pub = publisher_.lock();
  }
  bool ok = false;
  if (!pub) {
    audit_.record("health: no billing publisher");
  } else if (pub->closed()) {
    audit_.record("health: billing publisher on %s is closed", pub->topic().c_str());
  } else {
    pub->heartbeat(); // BUG: use-after-close #health_probe
    ok = true;
  }
  if (healthy_.exchange(ok) != ok)
    audit_.record("health: now %s", ok ? "ok" : "degraded");
  writeStatus(ok);
}

void HealthChecker::writeStatus(bool ok) {
  if (statusFd_ < 0)
    return;
  // Both states have the same width, so no stale tail is left behind.
  const char *text = ok ? "ok      \n" : "degraded\n";
  pwriteAll(statusFd_, text, std::strlen(text), 0); // BUG: use-after-close #status_swap
}
