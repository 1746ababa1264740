// Heartbeat: a thread that sends a heartbeat event on the service's event
// channel every interval; the main loop also announces events through it.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

class EventChannel;

namespace telemetry {

class Heartbeat {
public:
  Heartbeat(std::shared_ptr<EventChannel> events,
            std::chrono::milliseconds interval, std::string instance);
  ~Heartbeat();
  Heartbeat(const Heartbeat &) = delete;
  Heartbeat &operator=(const Heartbeat &) = delete;

  void start();
  /// Closes the event channel and joins the thread. Idempotent.
  void stop();
  void announce(const std::string &what);
  std::uint64_t beats() const;

private:
  void loop();

  std::shared_ptr<EventChannel> events_;
  std::chrono::milliseconds interval_;
  std::string instance_;
  std::mutex channelMu_;     // serialises announce() with stop()
  mutable std::mutex statsMu_; // guards beats_
  std::condition_variable wake_;
  std::atomic<bool> stopping_{false};
  std::uint64_t beats_ = 0;
  std::thread thread_;
};

} // namespace telemetry
