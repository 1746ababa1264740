// EventDispatcher: callbacks registered by kind of event. emit() runs on the caller's
// thread (in tubed: always the control thread), outside the dispatcher's lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace tubed {

enum class EventKind { CarrierArrived, CarrierLost, FireAlarm, NightMode, SystemStopped, OrderDispensed };

const char* event_kind_name(EventKind kind);

struct Event {
  EventKind kind;
  std::string detail;
};

class EventDispatcher {
 public:
  using Handler = std::function<void(const Event&)>;
  using Token = std::uint64_t;

  Token on(EventKind kind, Handler handler);
  void off(Token token);
  void emit(const Event& event);
  void clear();
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::map<Token, std::pair<EventKind, Handler>> handlers_;
  Token next_ = 1;
};

}  // namespace tubed
