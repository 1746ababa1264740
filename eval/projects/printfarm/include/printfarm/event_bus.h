// In-process publish/subscribe for printer events: "estop", "pause-all", "job-started",
// "job-progress", "printer-lost", "chamber-overtemp", "enclosure-alarm".
//
// publish() runs the matching handlers synchronously on the caller's thread while holding
// the bus's dispatch lock; unsubscribe() takes the same lock, so once it has returned the
// handler is not running and will not run again. The lock is recursive, so a handler may
// publish further events, but it must not unsubscribe.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace printfarm {

struct Event {
  std::string topic;
  std::string printer; // empty for farm-wide events
  std::string payload; // JSON
};

class EventBus {
public:
  using Handler = std::function<void(const Event &)>;
  using SubscriptionId = std::uint64_t;

  EventBus() = default;
  ~EventBus();
  EventBus(const EventBus &) = delete;
  EventBus &operator=(const EventBus &) = delete;

  SubscriptionId subscribe(std::string topic, Handler handler);
  void unsubscribe(SubscriptionId id);
  void publish(const Event &event);
  std::size_t subscriberCount(const std::string &topic) const;

private:
  struct Entry {
    SubscriptionId id;
    std::string topic;
    Handler handler;
  };
  mutable std::recursive_mutex mu_;
  std::vector<Entry> entries_;
  SubscriptionId nextId_ = 1;
};

} // namespace printfarm
