// HealthProbe: a background thread pings the primary origin every interval
// on its own connection. The connection is only touched with the probe's
// mutex held, and stop() joins the thread before closing it.
#include "health_probe.h"

#include "log.h"

namespace tilesrv {

HealthProbe::HealthProbe(std::string origin, std::chrono::seconds interval)
    : origin_(std::move(origin)), interval_(interval), conn_(origin_) {}

HealthProbe::~HealthProbe() { stop(); } // OK: net::Connection::close() tolerates a second call

void HealthProbe::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (running_ || thread_.joinable())
    return;
  running_ = true;
  thread_ = std::thread([this] { loop(); });
}

void HealthProbe::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (running_) {
    const bool ok = pingLocked();
    if (ok != healthy_.exchange(ok))
      log::info("origin %s is %s", origin_.c_str(), ok ? "healthy again" : "not answering");
    wake_.wait_for(lock, interval_, [this] { return !running_; });
  }
}

bool HealthProbe::pingLocked() {
  if (conn_.isClosed()) {
    ++failures_;
    return false;
  }
  try {
    conn_.send("PING\n"); // OK: stop() joins this thread before it closes the connection
    conn_.flush();
    failures_ = 0;
    return true;
  } catch (const std::exception &e) {
    log::debug("origin %s: ping failed: %s", origin_.c_str(), e.what());
    ++failures_;
    return false;
  }
}

void HealthProbe::retarget(const std::string &origin) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (origin == origin_)
    return;
  conn_.close();
  origin_ = origin;
  conn_ = net::Connection(origin_);
  conn_.send("PING\n"); // OK: a fresh connection replaced the closed one
  conn_.flush();
  healthy_ = false;
  wake_.notify_all();
}

void HealthProbe::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    running_ = false;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  conn_.close(); // OK: the probe thread has been joined
}

} // namespace tilesrv
