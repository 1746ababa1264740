// heartbeat.cpp: Heartbeat. A background thread sends "heartbeat" events on
// the service's EventChannel every interval; the main loop announces one-off
// events (failover, shutdown) through announce().
#include "telemetry/heartbeat.h"
#include "telemetry/util.h"

#include "messaging.h"

namespace telemetry {

Heartbeat::Heartbeat(std::shared_ptr<EventChannel> events,
                     std::chrono::milliseconds interval, std::string instance)
    : events_(std::move(events)), interval_(interval),
      instance_(std::move(instance)) {}

Heartbeat::~Heartbeat() { stop(); }

void Heartbeat::start() {
  thread_ = std::thread([this] { loop(); });
}

void Heartbeat::loop() {
  std::unique_lock<std::mutex> lock(statsMu_);
  while (!stopping_.load()) {
    ++beats_;
    events_->send("heartbeat " + instance_ + " " + std::to_string(beats_)); // BUG: use-after-close #heartbeat-race
    wake_.wait_for(lock, interval_, [this] { return stopping_.load(); });
  }
}

void Heartbeat::stop() {
  {
    std::lock_guard<std::mutex> lock(channelMu_);
    if (stopping_.exchange(true))
      return;
    events_->close(); // SAME: heartbeat-race
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void Heartbeat::announce(const std::string &what) {
  std::lock_guard<std::mutex> lock(channelMu_);
  const bool open = events_->isOpen();
  if (!open) {
    logInfo("heartbeat: channel closed, dropping announcement: " + what);
    return;
  }
  events_->send("announce " + instance_ + " " + what); // OK: checked under channelMu_, which stop() holds while it closes
}

std::uint64_t Heartbeat::beats() const {
  std::lock_guard<std::mutex> lock(statsMu_);
  return beats_;
}

} // namespace telemetry
