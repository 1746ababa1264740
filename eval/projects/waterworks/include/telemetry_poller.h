// TelemetryPoller: polls the reservoirs periodically on the worker pool; each
// poll re-arms the next one.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>

#include "reservoir_telemetry.h"
#include "thread_pool.h"

namespace ww {

class TelemetryPoller : public std::enable_shared_from_this<TelemetryPoller> {
 public:
  TelemetryPoller(std::shared_ptr<ThreadPool> pool, std::shared_ptr<ReservoirTelemetry> reservoirs,
                  std::chrono::milliseconds period);

  // Submits the first poll to the pool it was built with.
  void start();
  // Stops re-arming and waits for a poll in progress to finish.
  void stop();
  bool running() const;
  std::uint64_t polls() const;

 private:
  void run_once();

  std::shared_ptr<ThreadPool> pool_;
  std::shared_ptr<ReservoirTelemetry> reservoirs_;
  std::chrono::milliseconds period_;
  mutable std::mutex mu_;
  std::condition_variable idle_cv_;
  bool running_ = false;
  bool in_flight_ = false;
  std::atomic<std::uint64_t> polls_{0};
  std::atomic<std::uint64_t> failures_{0};
};

}  // namespace ww
