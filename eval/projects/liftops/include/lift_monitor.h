// LiftMonitor: background thread that polls every registered lift once a
// second and posts drive faults to patrol dispatch.
#pragma once
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "lift_registry.h"
#include "patrol_dispatch.h"

namespace liftops {

class LiftMonitor {
public:
  LiftMonitor(LiftRegistry &registry, std::shared_ptr<DispatchChannel> dispatch);
  ~LiftMonitor();
  void start();
  void stop();

private:
  void run();

  LiftRegistry &registry_;
  std::shared_ptr<DispatchChannel> dispatch_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool running_ = false;
  std::thread thread_;
};

} // namespace liftops
