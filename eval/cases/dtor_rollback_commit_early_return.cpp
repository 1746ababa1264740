// subscribe() arms a Rollback guard whose destructor closes the channel unless
// commit() was called, so that a failed subscription does not leave the
// channel half set up. subscribe() commits before each successful return, and
// follow() sends on the channel only when it returned true (quiet line).
// subscribeCached() has an early successful return for a topic it already
// knows that forgets commit(): the guard closes the channel on that path, and
// followCached(), told true, sends on a closed channel (bug).
#include "messaging.h"

#include <set>
#include <string>

class Rollback {
public:
  explicit Rollback(EventChannel &channel) : channel_(channel) {}
  ~Rollback() {
    if (!committed_)
      channel_.close();
  }
  Rollback(const Rollback &) = delete;
  Rollback &operator=(const Rollback &) = delete;
  void commit() { committed_ = true; }

private:
  EventChannel &channel_;
  bool committed_ = false;
};

bool subscribe(EventChannel &channel, const std::string &topic, std::set<std::string> &known) {
  Rollback rollback(channel);
  if (known.count(topic) != 0) {
    rollback.commit();
    return true;
  }
  if (topic.empty())
    return false;
  channel.send("SUBSCRIBE " + topic);
  known.insert(topic);
  rollback.commit();
  return true;
}

bool subscribeCached(EventChannel &channel, const std::string &topic, std::set<std::string> &known) {
  Rollback rollback(channel);
  if (known.count(topic) != 0)
    return true;
  if (topic.empty())
    return false;
  channel.send("SUBSCRIBE " + topic);
  known.insert(topic);
  rollback.commit();
  return true;
}

void follow(EventChannel &channel, std::set<std::string> &known) {
  if (subscribe(channel, "alerts", known))
    channel.send("READY alerts"); // OK: subscribe() commits on every true return
}

void followCached(EventChannel &channel, std::set<std::string> &known) {
  if (subscribeCached(channel, "alerts", known))
    channel.send("READY alerts"); // BUG: use-after-close
}
