// EventDispatcher: handlers are copied out under the lock and called outside
// it, so a handler may subscribe, unsubscribe or emit without deadlocking. A
// handler that throws is logged and skipped: one faulty subscriber must not
// break the publisher (often a monitor thread) or the other subscribers.
#include "event_dispatcher.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>
#include <vector>

EventDispatcher::EventDispatcher() : next_(1), stopped_(false) {}

EventDispatcher::Token EventDispatcher::subscribe(const std::string& topic, Handler handler) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) throw std::runtime_error("dispatcher stopped");
  Token token = next_++;
  handlers_.emplace(token, std::make_pair(topic, std::move(handler)));
  return token;
}

bool EventDispatcher::unsubscribe(Token token) {
  std::lock_guard<std::mutex> lk(mu_);
  return handlers_.erase(token) > 0;
}

std::size_t EventDispatcher::emit(const std::string& topic, const std::string& payload) {
  std::vector<Handler> matching;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_) throw std::runtime_error("dispatcher stopped");
    for (const auto& entry : handlers_) {
      if (entry.second.first == topic) matching.push_back(entry.second.second);
    }
  }
  const Event event{topic, payload};
  std::size_t delivered = 0;
  for (const Handler& handler : matching) {
    try {
      handler(event);
      ++delivered;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "handler for %s failed: %s\n", topic.c_str(), e.what());
    }
  }
  return delivered;
}

void EventDispatcher::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  stopped_ = true;
  handlers_.clear();
}

bool EventDispatcher::stopped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return stopped_;
}
