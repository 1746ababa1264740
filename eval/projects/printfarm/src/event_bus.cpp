// EventBus: synchronous dispatch under a recursive dispatch lock (see event_bus.h).
#include "printfarm/event_bus.h"

#include <algorithm>
#include <utility>

namespace printfarm {

EventBus::~EventBus() {
  std::vector<Entry> doomed;
  {
    std::lock_guard<std::recursive_mutex> lock(mu_);
    doomed.swap(entries_);
  }
  // A handler may hold the last reference to an object whose destructor unsubscribes:
  // destroy them outside entries_.
  doomed.clear();
}

EventBus::SubscriptionId EventBus::subscribe(std::string topic, Handler handler) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  const SubscriptionId id = nextId_++;
  entries_.push_back(Entry{id, std::move(topic), std::move(handler)});
  return id;
}

void EventBus::unsubscribe(SubscriptionId id) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [id](const Entry &e) { return e.id == id; }),
                 entries_.end());
}

void EventBus::publish(const Event &event) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  std::vector<Handler> matching;
  for (const Entry &e : entries_)
    if (e.topic == event.topic)
      matching.push_back(e.handler);
  for (const Handler &handler : matching)
    handler(event);
}

std::size_t EventBus::subscriberCount(const std::string &topic) const {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  return static_cast<std::size_t>(std::count_if(
      entries_.begin(), entries_.end(), [&](const Entry &e) { return e.topic == topic; }));
}

} // namespace printfarm
