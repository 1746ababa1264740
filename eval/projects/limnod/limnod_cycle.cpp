// Limnod::cycle: the daemon's main loop. Timers, operator commands, component
// ticks, a heartbeat to shore, periodic housekeeping of the sonde corral and the
// probe vigil.
#include "limnod.h"
#include "limnod_faults.h"
#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

void Limnod::cycle(int rounds) {
  for (int round = 0; round < rounds && !stopRequested_.load(); ++round) {
    intervals_.advance(LimnoIntervals::Clock::now());
    if (telecommand_)
      telecommand_->pollOnce();
    if (phase_ != Phase::Running)
      continue;
    tickComponents();
    heartbeat(round);
    if (round % 10 == 5)
      quiesceUnhealthy();
    if (round % 60 == 59)
      corral_.drainIdle();
    if (round % 30 == 0)
      vigil_.pingAll();
    vigil_.sweep();
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

void Limnod::tickComponents() {
  std::for_each(components_.begin(), components_.end(), [this](auto &kv) {
    if (paused_.count(kv.first))
      return;
    kv.second->tick(); // OK: components stopped by quiesceUnhealthy() are paused and skipped
  });
}

void Limnod::heartbeat(int round) {
  const std::string frame = "hb round=" + std::to_string(round) +
                            " components=" + std::to_string(components_.size() - paused_.size());
  try {
    shoreline_->send(frame); // BUG: use-after-close
  } catch (const std::runtime_error &e) {
    limnoFaults().onTelemeterFault(*shoreline_, e);
  }
}
