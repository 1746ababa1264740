// StormLockdown: the end-of-day (or storm) lockdown that drains and stops
// everything on the site. It adds its own steps to the shared sequence, after
// the ones the components registered when they were built.
#pragma once

#include <memory>
#include <string>

#include "buoy_poller.h"
#include "camera_hub.h"
#include "doser.h"
#include "event_dispatcher.h"
#include "feed_barge.h"
#include "historian.h"
#include "mortality_log.h"
#include "plc_link.h"
#include "power_controller.h"
#include "rs485_bus.h"
#include "shutdown_sequence.h"
#include "thread_pool.h"

class StormLockdown {
 public:
  struct Parts {
    std::shared_ptr<FeedBarge> barge;
    std::shared_ptr<RotaryDoser> doser;
    std::shared_ptr<PlcLink> blower_plc;
    std::shared_ptr<PlcLink> doser_plc;
    std::shared_ptr<BuoyPoller> poller;
    std::shared_ptr<Rs485Bus> bus;
    std::shared_ptr<CameraHub> cameras;
    std::shared_ptr<MortalityLog> mortality;
    std::shared_ptr<ThreadPool> pool;
    std::shared_ptr<PowerController> power;
    std::shared_ptr<Historian> historian;
    std::shared_ptr<EventDispatcher> events;
  };

  StormLockdown(std::shared_ptr<ShutdownSequence> sequence, Parts parts);

  // Runs the sequence once and notes begin and end in the historian.
  Status engage(const std::string& reason);
  bool engaged() const;

 private:
  std::shared_ptr<ShutdownSequence> sequence_;
  std::shared_ptr<Historian> historian_;
  bool engaged_;
};
