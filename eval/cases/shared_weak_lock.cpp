// A Heartbeat keeps a weak_ptr to the channel it pings. Closing the channel
// does not destroy it, so lock() still succeeds and the ping goes to a closed
// channel (bug). When the only owner closes the channel and then releases it,
// lock() returns null and nothing is sent (correct).
#include "messaging.h"

#include <memory>
#include <string>

class Heartbeat {
public:
  explicit Heartbeat(std::weak_ptr<EventChannel> channel) : channel_(std::move(channel)) {}

  void tick() {
    if (auto channel = channel_.lock())
      channel->send("ping"); // SAME: beat
  }

private:
  std::weak_ptr<EventChannel> channel_;
};

void closeThenTick() {
  auto channel = std::make_shared<EventChannel>();
  Heartbeat heartbeat(channel);
  heartbeat.tick(); // OK
  channel->close();
  heartbeat.tick(); // BUG: use-after-close #beat
}

void closeReleaseThenTick() {
  auto channel = std::make_shared<EventChannel>();
  Heartbeat heartbeat(channel);
  channel->close();
  channel.reset();
  heartbeat.tick(); // OK
}

void lockInPlace() {
  auto channel = std::make_shared<EventChannel>();
  std::weak_ptr<EventChannel> observer = channel;
  channel->close();
  if (auto locked = observer.lock())
    locked->send("late status"); // BUG: use-after-close
}
