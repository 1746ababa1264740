// LiveFeed: batches position updates to the live-map service and flushes
// every 64 updates. The watchdog calls closeIfStalled() from its thread; the
// I/O thread calls send().
#include "live_feed.h"

#include "telemetry.h"

namespace fleetd {

namespace {
constexpr std::size_t kBatch = 64;
}

LiveFeed::LiveFeed(const std::string &endpoint) : lastFlushMs_(nowMs()), conn_(endpoint) {}

void LiveFeed::send(const std::string &update) {
  if (closed_.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> lock(mu_);
  conn_.send(update); // BUG: use-after-close #livefeed-race
  if (++batched_ >= kBatch) {
    conn_.flush(); // OK
    batched_ = 0;
    lastFlushMs_.store(nowMs());
  }
}

bool LiveFeed::closeIfStalled(std::int64_t nowMs, std::int64_t limitMs) {
  if (closed_.load(std::memory_order_acquire))
    return false;
  if (nowMs - lastFlushMs_.load() < limitMs)
    return false;
  close();
  return true;
}

void LiveFeed::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_.store(true, std::memory_order_release);
  conn_.close(); // SAME: livefeed-race
}

} // namespace fleetd
