// EventDispatcher: topic-based callbacks (SCADA forwarding, level alarms,
// console feeds). Handlers run synchronously on the publisher's thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace ww {

struct Event {
  std::string topic;
  std::string source;
  double value = 0.0;
  std::string text;
};

class EventDispatcher {
 public:
  using Handler = std::function<void(const Event&)>;
  using SubscriptionId = std::uint64_t;

  SubscriptionId subscribe(const std::string& topic, Handler handler);
  bool unsubscribe(SubscriptionId id);
  // Calls every handler of e.topic; returns how many ran.
  std::size_t publish(const Event& e);
  std::size_t subscriber_count(const std::string& topic) const;

 private:
  struct Entry {
    std::string topic;
    Handler handler;
  };

  mutable std::mutex mu_;
  std::map<SubscriptionId, Entry> entries_;
  SubscriptionId next_id_ = 1;
};

}  // namespace ww
