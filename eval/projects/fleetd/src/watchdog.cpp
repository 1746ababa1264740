// Watchdog: wakes every five seconds to send a heartbeat through the current
// alert publisher (held weakly: a reload may replace it), to queue the VINs
// of trucks that have gone quiet for the I/O thread to evict, and to close
// the live feed when the map service has stopped draining it.
#include "watchdog.h"

#include <chrono>
#include <utility>

#include "alert_publisher.h"
#include "diagnostics.h"
#include "live_feed.h"
#include "session_registry.h"
#include "telemetry.h"

namespace fleetd {

namespace {
constexpr auto kInterval = std::chrono::seconds(5);
constexpr std::int64_t kFeedStallMs = 30000;
} // namespace

Watchdog::Watchdog(SessionRegistry &registry, LiveFeed *feed, std::int64_t staleAfterMs,
                   Diagnostics &diag)
    : registry_(registry), feed_(feed), staleAfterMs_(staleAfterMs), diag_(diag) {}

Watchdog::~Watchdog() {
  stop(); // OK
}

void Watchdog::watch(std::weak_ptr<AlertPublisher> publisher) {
  std::lock_guard<std::mutex> lock(mu_);
  publisher_ = std::move(publisher);
}

void Watchdog::start() { thread_ = std::thread([this] { run(); }); }

void Watchdog::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  stale_.close(); // OK
}

std::vector<std::string> Watchdog::takeStale() {
  std::vector<std::string> vins;
  while (std::optional<std::string> vin = stale_.tryPop())
    vins.push_back(std::move(*vin));
  return vins;
}

void Watchdog::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, kInterval, [this] { return stopping_; });
    if (stopping_)
      break;
    std::weak_ptr<AlertPublisher> target = publisher_;
    lock.unlock();

    if (std::shared_ptr<AlertPublisher> publisher = target.lock())
      publisher->heartbeat("fleetd.watchdog"); // OK
    const std::int64_t now = nowMs();
    for (const std::shared_ptr<VehicleSession> &s : registry_.live()) {
      if (now - s->lastSeenMs() > staleAfterMs_ && !stale_.tryPush(s->vin()))
        diag_.printf("watchdog: stale queue full, %s will be evicted later", s->vin().c_str());
    }
    if (feed_ && feed_->closeIfStalled(now, kFeedStallMs))
      diag_.printf("watchdog: live feed stalled for %llds, closed",
                   static_cast<long long>(kFeedStallMs / 1000));

    lock.lock();
  }
}

} // namespace fleetd
