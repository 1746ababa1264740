// EventBus: in-process publish/subscribe for queue events.
//
// subscribe() registers a handler for one event name and returns a token for
// unsubscribe(). emit() calls the matching handlers synchronously on the
// emitting thread, outside the bus lock (a handler may subscribe or emit).
// Exceptions from handlers propagate to the emitter.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace mailq {

struct Event {
  std::string name;      // "delivery.done", "delivery.failed", "queue.lifecycle", ...
  std::string messageId;
  std::string sender;
  std::string detail;
  bool permanent = false;
};

class EventBus {
public:
  using Handler = std::function<void(const Event &)>;
  using Token = std::uint64_t;

  Token subscribe(const std::string &name, Handler handler);
  void unsubscribe(Token token);
  void emit(const Event &event);

private:
  struct Subscription {
    Token token;
    std::string name;
    Handler handler;
  };
  std::mutex mu_;
  std::vector<Subscription> subs_;
  Token next_ = 1;
};

} // namespace mailq
