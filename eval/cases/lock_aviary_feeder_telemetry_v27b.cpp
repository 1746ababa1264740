// Telemetry of an aviary's automatic seed feeders. Hopper readings queued by
// the sensor callbacks are sent to the keepers' dashboard on an EventChannel
// by a pump thread; a heartbeat thread sends a liveness ping every few
// seconds. stop() sets the aviary's own stopped_ flag and closes the channel
// while holding mu_. The pump reads the flag and sends while holding mu_; the
// heartbeat reads the flag under mu_ but sends after releasing it.
#include "messaging.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

struct HopperReading {
  int feeder;
  int grams;
};

class FeederTelemetry {
public:
  explicit FeederTelemetry(EventChannel &dashboard) : dashboard_(dashboard) {}
  ~FeederTelemetry() { stop(); }

  void start() {
    pump_ = std::thread([this] { pumpLoop(); });
    heartbeat_ = std::thread([this] { heartbeatLoop(); });
  }

  void onReading(int feeder, int grams) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    queue_.push_back({feeder, grams});
    cv_.notify_all();
  }

  void refillAlarm(int feeder) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    dashboard_.send("refill feeder " + std::to_string(feeder)); // OK
  }

  void perchCamOffline(int cam) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stopped_)
      dashboard_.send("perch camera " + std::to_string(cam) + " offline"); // OK
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_)
        return;
      stopped_ = true;
      dashboard_.close(); // SAME: aviary_heartbeat
    }
    cv_.notify_all();
    if (pump_.joinable())
      pump_.join();
    if (heartbeat_.joinable())
      heartbeat_.join();
  }

private:
  void pumpLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
      if (stopped_)
        return;
      HopperReading r = queue_.front();
      queue_.pop_front();
      const std::string text = "feeder " + std::to_string(r.feeder) + " " + std::to_string(r.grams) + "g";
      dashboard_.send(text); // OK
    }
  }

  void heartbeatLoop() {
    for (;;) {
      bool done;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait_for(lock, std::chrono::seconds(5), [this] { return stopped_; });
        done = stopped_;
      }
      if (done)
        return;
      dashboard_.send("aviary heartbeat"); // BUG: use-after-close #aviary_heartbeat
    }
  }

  EventChannel &dashboard_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<HopperReading> queue_;
  bool stopped_ = false;
  std::thread pump_;
  std::thread heartbeat_;
};
