// EventDispatcher: handlers are copied out under the lock and called outside
// it, so a handler may subscribe or publish without deadlocking.
#include "event_dispatcher.h"

#include <utility>
#include <vector>

namespace ww {

EventDispatcher::SubscriptionId EventDispatcher::subscribe(const std::string& topic, Handler handler) {
  std::lock_guard<std::mutex> lk(mu_);
  SubscriptionId id = next_id_++;
  entries_.emplace(id, Entry{topic, std::move(handler)});
  return id;
}

bool EventDispatcher::unsubscribe(SubscriptionId id) {
  std::lock_guard<std::mutex> lk(mu_);
  return entries_.erase(id) > 0;
}

std::size_t EventDispatcher::publish(const Event& e) {
  std::vector<Handler> matching;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& kv : entries_) {
      if (kv.second.topic == e.topic) matching.push_back(kv.second.handler);
    }
  }
  for (const Handler& h : matching) h(e);
  return matching.size();
}

std::size_t EventDispatcher::subscriber_count(const std::string& topic) const {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t n = 0;
  for (const auto& kv : entries_) {
    if (kv.second.topic == topic) ++n;
  }
  return n;
}

}  // namespace ww
