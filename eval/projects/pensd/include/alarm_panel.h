// AlarmPanel: queues alarms and forwards them to shore over the satellite uplink
// from its own sender thread.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "bounded_queue.h"
#include "satellite_uplink.h"
#include "shutdown_sequence.h"

struct Alarm {
  std::string source;
  std::string text;
  int severity;
};

class AlarmPanel {
 public:
  // Starts the sender thread and registers stop() with the lockdown sequence.
  AlarmPanel(std::shared_ptr<SatelliteUplink> uplink, ShutdownSequence& lockdown);
  ~AlarmPanel();

  void raise(const Alarm& alarm);      // throws std::runtime_error("queue closed") once stopped
  bool try_raise(const Alarm& alarm);  // false once stopped or when the outbox is full
  void stop();                         // idempotent: closes the outbox, joins the sender
  bool running() const;

 private:
  static std::string format(const Alarm& alarm);
  void sender_loop();

  std::shared_ptr<SatelliteUplink> uplink_;
  BoundedQueue<std::string> outbox_;
  std::atomic<bool> running_;
  std::thread sender_;
};
