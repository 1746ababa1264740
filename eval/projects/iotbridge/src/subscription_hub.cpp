// SubscriptionHub: topic callbacks fired from one dispatcher thread (contract
// in subscription_hub.h).
#include "iotbridge/subscription_hub.h"

#include <vector>

#include "iotbridge/log.h"

namespace iotbridge {

SubscriptionHub::SubscriptionHub() = default;

SubscriptionHub::~SubscriptionHub() { shutdown(); }

void SubscriptionHub::start() {
  if (dispatcher_.joinable()) return;
  dispatcher_ = std::thread([this] { dispatchLoop(); });
}

void SubscriptionHub::shutdown() {
  if (stopped_.exchange(true)) return;
  events_.close();  // OK: the dispatcher only pops; it delivers what is queued, then exits
  if (dispatcher_.joinable()) dispatcher_.join();
  IOTB_LOG(Info, "hub", "dispatcher stopped after " << delivered_.load() << " deliveries");
}

SubscriptionHub::Token SubscriptionHub::subscribe(const std::string& topic,
                                                  Callback callback) {
  std::lock_guard<std::mutex> lk(subsMu_);
  const Token token = nextToken_++;
  subs_.emplace(token, Subscription{topic, std::move(callback)});
  return token;
}

void SubscriptionHub::unsubscribe(Token token) {
  // Taking dispatchMu_ first waits out a dispatch that may be running the
  // callback right now.
  std::lock_guard<std::mutex> dispatching(dispatchMu_);
  std::lock_guard<std::mutex> lk(subsMu_);
  subs_.erase(token);
}

void SubscriptionHub::publish(const std::string& topic, const std::string& payload) {
  events_.push(HubEvent{topic, payload});
}

void SubscriptionHub::dispatchLoop() {
  while (std::optional<HubEvent> event = events_.pop()) {  // OK: pop() returns nullopt once closed and drained
    std::lock_guard<std::mutex> dispatching(dispatchMu_);
    std::vector<Callback> targets;
    {
      std::lock_guard<std::mutex> lk(subsMu_);
      for (const auto& entry : subs_) {
        if (entry.second.topic == event->topic) targets.push_back(entry.second.callback);
      }
    }
    for (const Callback& callback : targets) {
      try {
        callback(*event);
        delivered_.fetch_add(1);
      } catch (const std::exception& e) {
        IOTB_LOG(Warn, "hub", "callback for '" << event->topic << "' failed: " << e.what());
      }
    }
  }
}

}  // namespace iotbridge
