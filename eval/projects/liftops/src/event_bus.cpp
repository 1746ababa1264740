// EventBus: handlers are copied out under the lock and invoked without it,
// so a handler may subscribe or unsubscribe.
#include "event_bus.h"

#include <utility>
#include <vector>

namespace liftops {

int EventBus::subscribe(std::string topic, Handler handler) {
  std::lock_guard<std::mutex> lock(mu_);
  int token = next_++;
  entries_.emplace(token, Entry{std::move(topic), std::move(handler)});
  return token;
}

void EventBus::unsubscribe(int token) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_.erase(token);
}

void EventBus::emit(const std::string &topic, const std::string &payload) {
  std::vector<Handler> matching;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto &[token, entry] : entries_) {
      if (entry.topic == topic)
        matching.push_back(entry.handler);
    }
  }
  for (const Handler &handler : matching)
    handler(topic, payload);
}

} // namespace liftops
