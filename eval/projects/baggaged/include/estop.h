// EmergencyStopChain: software side of the hard-wired e-stop loop. trigger()
// halts every belt feeder, marks the sorter faulted and tells subscribers.
// It latches: a second trigger() before reset() does nothing.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

class EventBus;
class Feeder;
class JournalWriter;
class Sorter;

class EmergencyStopChain {
 public:
  EmergencyStopChain(std::vector<std::weak_ptr<Feeder>> feeders, std::shared_ptr<Sorter> sorter,
                     std::shared_ptr<EventBus> events, std::shared_ptr<JournalWriter> journal);
  void trigger(const std::string& reason);
  void reset();
  bool latched() const;

 private:
  void reportBeltStates();
  std::vector<std::weak_ptr<Feeder>> feeders_;
  std::shared_ptr<Sorter> sorter_;
  std::shared_ptr<EventBus> events_;
  std::shared_ptr<JournalWriter> journal_;
  std::atomic<bool> latched_{false};
};
