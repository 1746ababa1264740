// AlarmManager: queues raised alarms and pages warnings and criticals from its
// escalation thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <thread>

#include "alarm.h"
#include "alarm_pager.h"
#include "bounded_queue.h"

namespace ww {

class AlarmManager {
 public:
  AlarmManager(std::shared_ptr<AlarmPager> pager, std::size_t queue_capacity);
  ~AlarmManager();

  AlarmManager(const AlarmManager&) = delete;
  AlarmManager& operator=(const AlarmManager&) = delete;

  void start();
  // Throws std::runtime_error("alarm manager stopped") unless running.
  void raise(Alarm alarm);
  // Closes the queue and joins the escalation thread. Idempotent; no restart.
  void stop();
  bool running() const;
  std::size_t raised() const;
  std::size_t undelivered() const;

 private:
  void escalation_loop();

  std::shared_ptr<AlarmPager> pager_;
  BoundedQueue<Alarm> queue_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::atomic<std::size_t> raised_{0};
  std::atomic<std::size_t> undelivered_{0};
};

}  // namespace ww
