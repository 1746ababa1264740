// An event bus keeps subscriber callbacks by id. The audit sink unsubscribes
// its callback before it closes its shared channel, so the later publish runs
// no callback that touches the channel (correct). A second sink that closes
// its channel but leaves the subscription in place is the bug.
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>

class EventBus {
public:
  using Callback = std::function<void(const std::string &)>;

  int subscribe(Callback callback) {
    subscribers_.emplace(nextId_, std::move(callback));
    return nextId_++;
  }

  void unsubscribe(int id) { subscribers_.erase(id); }

  void publish(const std::string &event) {
    for (auto &entry : subscribers_)
      entry.second(event);
  }

private:
  std::map<int, Callback> subscribers_;
  int nextId_ = 1;
};

void auditSession(EventBus &bus) {
  auto audit = std::make_shared<EventChannel>();
  int id = bus.subscribe([audit](const std::string &event) { audit->send(event); }); // OK
  bus.publish("login"); // OK
  bus.unsubscribe(id);
  audit->close();
  bus.publish("logout"); // OK
}

void leakySession(EventBus &bus) {
  auto trace = std::make_shared<EventChannel>();
  bus.subscribe([trace](const std::string &event) {
    trace->send(event); // SAME: leak
  });
  trace->close();
  bus.publish("logout"); // BUG: use-after-close #leak
}
