// EventBus: synchronous in-process publish/subscribe (see event_bus.h).
#include "mailq/event_bus.h"

#include <algorithm>
#include <utility>

namespace mailq {

EventBus::Token EventBus::subscribe(const std::string &name, Handler handler) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  subs_.push_back(Subscription{token, name, std::move(handler)});
  return token;
}

void EventBus::unsubscribe(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  subs_.erase(std::remove_if(subs_.begin(), subs_.end(),
                             [token](const Subscription &s) { return s.token == token; }),
              subs_.end());
}

void EventBus::emit(const Event &event) {
  std::vector<Handler> handlers;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const Subscription &s : subs_)
      if (s.name == event.name)
        handlers.push_back(s.handler);
  }
  for (const Handler &h : handlers)
    h(event);
}

} // namespace mailq
