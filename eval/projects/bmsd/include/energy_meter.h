// EnergyMeter: a thread that publishes the energy meters' readings (kWh
// points from the point database) to the metering channel every interval.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "messaging.h"

namespace bmsd {

class Diagnostics;
class PointDatabase;

class EnergyMeter {
public:
  EnergyMeter(std::shared_ptr<EventChannel> channel, PointDatabase &db,
              std::chrono::seconds interval, Diagnostics &diag);
  ~EnergyMeter();
  EnergyMeter(const EnergyMeter &) = delete;
  EnergyMeter &operator=(const EnergyMeter &) = delete;

  void start();
  void stop();

private:
  void run();

  std::shared_ptr<EventChannel> channel_;
  PointDatabase &db_;
  const std::chrono::seconds interval_;
  Diagnostics &diag_;
  std::atomic<bool> running_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
};

} // namespace bmsd
