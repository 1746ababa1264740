// Ferris wheel gondola monitoring. A sampler thread reads wind speed, drive
// motor current and gondola tilt and sends them to the ride operations
// centre over a net::Connection guarded by uplinkMu_. Alarms and status
// reports from the operator panel go over the same uplink. At closing time
// park() waits until the last riders are off, marks the wheel parked (under
// the rider-count mutex) and closes the uplink.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "netconn.h"

struct Sample {
  double windMs = 0.0;
  double motorAmps = 0.0;
  double tiltDeg = 0.0;
};

class WheelMonitor {
public:
  explicit WheelMonitor(const std::string &opsCentre) : uplink_(opsCentre) {
    sampler_ = std::thread([this] { sampleLoop(); });
  }
  ~WheelMonitor() { park(); }

  void board(int riders) {
    std::lock_guard<std::mutex> lock(stateMu_);
    riders_ += riders;
  }

  void alight(int riders) {
    std::lock_guard<std::mutex> lock(stateMu_);
    riders_ -= riders;
    if (riders_ <= 0)
      emptyCv_.notify_all();
  }

  void onAlarm(const std::string &what) {
    std::lock_guard<std::mutex> lock(uplinkMu_);
    if (uplinkClosed_)
      return;
    uplink_.send("ALARM " + what); // OK
    uplink_.flush(); // OK
  }

  void statusReport(const std::string &operatorName) {
    int riders;
    {
      std::lock_guard<std::mutex> lock(stateMu_);
      riders = riders_;
    }
    std::lock_guard<std::mutex> lock(uplinkMu_);
    if (uplinkClosed_)
      return;
    std::string status = "STATUS op=" + operatorName + " riders=" + std::to_string(riders);
    uplink_.send(status); // OK
  }

  void park() {
    {
      std::unique_lock<std::mutex> lock(stateMu_);
      emptyCv_.wait(lock, [this] { return riders_ <= 0; });
      if (parked_)
        return;
      parked_ = true;
    }
    {
      std::lock_guard<std::mutex> lock(uplinkMu_);
      uplink_.send("PARKED"); // OK
      uplinkClosed_ = true;
      uplink_.close(); // SAME: sampler_race
    }
    sampler_.join();
  }

private:
  Sample readSensors() {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ++tick_;
    return Sample{4.0 + (tick_ % 7) * 0.5, 38.0 + (tick_ % 3), 0.2};
  }

  void sampleLoop() {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(stateMu_);
        if (parked_)
          return;
      }
      Sample s = readSensors();
      char line[96];
      std::snprintf(line, sizeof line, "SAMPLE wind=%.1f amps=%.1f tilt=%.2f",
                    s.windMs, s.motorAmps, s.tiltDeg);
      std::lock_guard<std::mutex> lock(uplinkMu_);
      uplink_.send(line); // BUG: use-after-close #sampler_race
    }
  }

  std::mutex uplinkMu_;
  net::Connection uplink_;
  bool uplinkClosed_ = false;

  std::mutex stateMu_;
  std::condition_variable emptyCv_;
  int riders_ = 0;
  bool parked_ = false;

  unsigned tick_ = 0;
  std::thread sampler_;
};
