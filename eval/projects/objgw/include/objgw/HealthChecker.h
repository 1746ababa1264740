// Periodically probes the open connections of a BackendPool on the TaskTimer's
// thread. A backend that does not answer gets its connection closed and
// BackendDown fired (on the timer thread). Checks run with the gateway's backend
// mutex held, like every other user of pool connections.
// start() schedules the periodic check; stop() cancels it and waits for a check
// in progress; stop() is idempotent and the destructor calls it.
#pragma once
#include "objgw/TaskTimer.h"

#include <chrono>
#include <mutex>

namespace objgw {

class BackendPool;
class LifecycleHooks;

class HealthChecker {
public:
  HealthChecker(BackendPool &pool, LifecycleHooks &hooks, TaskTimer &timer, std::mutex &backendMu);
  ~HealthChecker();
  HealthChecker(const HealthChecker &) = delete;
  HealthChecker &operator=(const HealthChecker &) = delete;

  void start(std::chrono::milliseconds period);
  void stop();
  // One pass over the pool; the caller holds the backend mutex.
  void checkOnce();

private:
  BackendPool &pool_;
  LifecycleHooks &hooks_;
  TaskTimer &timer_;
  std::mutex &backendMu_;
  TaskTimer::TaskId task_ = 0;
};

} // namespace objgw
