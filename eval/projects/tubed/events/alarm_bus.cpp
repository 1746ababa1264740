// AlarmBus: observer list for technical alarms. publish() holds the (recursive) lock while
// it calls the observers, so an observer's destructor, which unsubscribes, waits for a
// publish in progress; an observer unsubscribed by an earlier one in the same publish is
// skipped. Negative file.
#include "alarm_bus.h"

#include <algorithm>

namespace tubed {

AlarmObserver::~AlarmObserver() = default;

void AlarmBus::subscribe(AlarmObserver* observer) {
  std::lock_guard<std::recursive_mutex> lk(mu_);
  if (std::find(observers_.begin(), observers_.end(), observer) == observers_.end()) observers_.push_back(observer);
}

void AlarmBus::unsubscribe(AlarmObserver* observer) {
  std::lock_guard<std::recursive_mutex> lk(mu_);
  observers_.erase(std::remove(observers_.begin(), observers_.end(), observer), observers_.end());
}

void AlarmBus::publish(const Alarm& alarm) {
  std::lock_guard<std::recursive_mutex> lk(mu_);
  const std::vector<AlarmObserver*> snapshot = observers_;
  for (AlarmObserver* observer : snapshot) {
    if (std::find(observers_.begin(), observers_.end(), observer) == observers_.end()) continue;
    observer->on_alarm(alarm);
  }
}

std::size_t AlarmBus::observers() const {
  std::lock_guard<std::recursive_mutex> lk(mu_);
  return observers_.size();
}

}  // namespace tubed
