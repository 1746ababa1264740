// EventBus: handlers are copied out under the lock and run outside it, so a
// handler may publish or subscribe in turn.
#include "event_bus.h"

#include <algorithm>
#include <stdexcept>

EventBus::Token EventBus::subscribe(Topic topic, Handler handler) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) throw std::runtime_error("event bus closed");
  Token token = ++next_;
  slots_.push_back(Slot{token, topic, std::move(handler)});
  return token;
}

void EventBus::unsubscribe(Token token) {
  std::lock_guard<std::mutex> lock(mu_);
  slots_.erase(std::remove_if(slots_.begin(), slots_.end(), [token](const Slot& s) { return s.token == token; }),
               slots_.end());
}

void EventBus::publish(const Event& event) {
  std::vector<Handler> targets;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) throw std::runtime_error("event bus closed");
    for (const Slot& s : slots_) {
      if (s.topic == event.topic) targets.push_back(s.handler);
    }
  }
  for (const Handler& h : targets) h(event);
}

void EventBus::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  slots_.clear();
}

bool EventBus::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}
