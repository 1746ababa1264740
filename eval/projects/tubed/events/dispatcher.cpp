// EventDispatcher: handlers registered per event kind, identified by a token. emit() copies
// the matching handlers under the lock and runs them outside it, so a handler may register
// or remove handlers. Negative file: no resources here.
#include "dispatcher.h"

#include <vector>

namespace tubed {

const char* event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::CarrierArrived:
      return "carrier-arrived";
    case EventKind::CarrierLost:
      return "carrier-lost";
    case EventKind::FireAlarm:
      return "fire-alarm";
    case EventKind::NightMode:
      return "night-mode";
    case EventKind::SystemStopped:
      return "system-stopped";
    case EventKind::OrderDispensed:
      return "order-dispensed";
  }
  return "?";
}

EventDispatcher::Token EventDispatcher::on(EventKind kind, Handler handler) {
  std::lock_guard<std::mutex> lk(mu_);
  const Token token = next_++;
  handlers_.emplace(token, std::make_pair(kind, std::move(handler)));
  return token;
}

void EventDispatcher::off(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  handlers_.erase(token);
}

void EventDispatcher::emit(const Event& event) {
  std::vector<Handler> matching;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto& entry : handlers_) {
      if (entry.second.first == event.kind) matching.push_back(entry.second.second);
    }
  }
  for (const Handler& handler : matching) handler(event);
}

void EventDispatcher::clear() {
  std::lock_guard<std::mutex> lk(mu_);
  handlers_.clear();
}

std::size_t EventDispatcher::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return handlers_.size();
}

}  // namespace tubed
