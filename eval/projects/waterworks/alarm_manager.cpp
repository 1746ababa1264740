// AlarmManager: raise() queues an alarm; the escalation thread pages warnings
// and criticals and logs infos. stop() closes the queue, lets the thread drain
// it and joins; it is idempotent and the destructor relies on that.
#include "alarm_manager.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "status.h"

namespace ww {

AlarmManager::AlarmManager(std::shared_ptr<AlarmPager> pager, std::size_t queue_capacity)
    : pager_(std::move(pager)), queue_(queue_capacity) {}

AlarmManager::~AlarmManager() {
  stop(); // OK: stop() returns at once when the manager was stopped already
}

void AlarmManager::start() {
  bool expected = false;
  if (!running_.compare_exchange_strong(expected, true)) return;
  worker_ = std::thread([this] { escalation_loop(); });
}

void AlarmManager::raise(Alarm alarm) {
  if (!running_.load()) throw std::runtime_error("alarm manager stopped");
  if (alarm.raised_ms == 0) alarm.raised_ms = wall_clock_ms();
  queue_.push(std::move(alarm));
  ++raised_;
}

void AlarmManager::stop() {
  if (!running_.exchange(false)) return;
  queue_.close();
  if (worker_.joinable()) worker_.join();
}

bool AlarmManager::running() const { return running_.load(); }

std::size_t AlarmManager::raised() const { return raised_.load(); }

std::size_t AlarmManager::undelivered() const { return undelivered_.load(); }

void AlarmManager::escalation_loop() {
  while (std::optional<Alarm> alarm = queue_.pop()) {
    if (alarm->severity == Severity::kInfo) {
      std::fprintf(stderr, "alarm %s: %s\n", alarm->source.c_str(), alarm->text.c_str());
      continue;
    }
    Status st = pager_->page(*alarm); // BUG: use-after-close #pager_race
    if (!st.ok()) ++undelivered_;
  }
}

}  // namespace ww
