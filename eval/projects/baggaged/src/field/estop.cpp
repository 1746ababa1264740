// EmergencyStopChain: software side of the e-stop loop. trigger() halts every
// belt (Feeder::halt stops the belt and drops its PLC link), marks the sorter
// faulted, journals what each belt reported, and tells the subscribers.
#include "estop.h"

#include "event_bus.h"
#include "feeder.h"
#include "journal.h"
#include "sorter.h"

#include <exception>

EmergencyStopChain::EmergencyStopChain(std::vector<std::weak_ptr<Feeder>> feeders, std::shared_ptr<Sorter> sorter,
                                       std::shared_ptr<EventBus> events, std::shared_ptr<JournalWriter> journal)
    : feeders_(std::move(feeders)), sorter_(std::move(sorter)), events_(std::move(events)), journal_(std::move(journal)) {}

void EmergencyStopChain::trigger(const std::string& reason) {
  if (latched_.exchange(true)) return;
  journal_->tryWrite("E-STOP: " + reason);
  for (auto& weak : feeders_) {
    if (auto feeder = weak.lock()) feeder->halt(); // OK: each feeder is a different belt and halt() runs once per belt
  }
  sorter_->markFaulted();
  reportBeltStates();
  events_->publish(Event{Topic::EmergencyStop, "", "", 0}); // BUG: use-after-close #estop_ack
}

void EmergencyStopChain::reportBeltStates() {
  for (auto& weak : feeders_) {
    auto feeder = weak.lock();
    if (!feeder) continue;
    std::string line = "belt " + std::to_string(feeder->beltId()) + ": ";
    try {
      line += feeder->link()->queryStatus(); // BUG: use-after-close
    } catch (const std::exception& e) {
      line += std::string("no status (") + e.what() + ")";
    }
    journal_->tryWrite(line);
  }
}

void EmergencyStopChain::reset() { latched_ = false; }

bool EmergencyStopChain::latched() const { return latched_; }
