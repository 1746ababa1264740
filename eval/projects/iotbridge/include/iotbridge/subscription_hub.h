// SubscriptionHub: in-process publish/subscribe between the bridge's
// components.
//
// Semantics:
//  - subscribe(topic, fn) registers a callback and returns a token.
//  - publish(topic, payload) enqueues an event; the dispatcher thread started
//    by start() invokes every callback subscribed to that topic, in
//    subscription order. Exceptions thrown by callbacks are caught and logged.
//  - unsubscribe(token): once it returns, the callback is not running and will
//    never run again (it waits for an in-flight dispatch). It must not be
//    called from inside a callback. It may be called after shutdown().
//  - shutdown() closes the event queue, lets the dispatcher deliver what was
//    already queued, and joins it. It is idempotent. publish() after
//    shutdown() throws std::runtime_error (the queue is closed).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "iotbridge/blocking_queue.h"

namespace iotbridge {

struct HubEvent {
  std::string topic;
  std::string payload;
};

class SubscriptionHub {
 public:
  using Callback = std::function<void(const HubEvent&)>;
  using Token = std::uint64_t;

  SubscriptionHub();
  ~SubscriptionHub();
  SubscriptionHub(const SubscriptionHub&) = delete;
  SubscriptionHub& operator=(const SubscriptionHub&) = delete;

  void start();
  void shutdown();

  Token subscribe(const std::string& topic, Callback callback);
  void unsubscribe(Token token);
  void publish(const std::string& topic, const std::string& payload);

  std::uint64_t delivered() const { return delivered_.load(); }

 private:
  struct Subscription {
    std::string topic;
    Callback callback;
  };

  void dispatchLoop();

  BlockingQueue<HubEvent> events_;
  std::mutex subsMu_;
  std::map<Token, Subscription> subs_;
  Token nextToken_ = 1;
  // Held while callbacks run, so unsubscribe() can wait for them.
  std::mutex dispatchMu_;
  std::thread dispatcher_;
  std::atomic<bool> stopped_{false};
  std::atomic<std::uint64_t> delivered_{0};
};

}  // namespace iotbridge
