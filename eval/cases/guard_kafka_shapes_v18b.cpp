// Clickstream publisher: a ClickPublisher owns two kafka::KafkaProducer
// objects (events and dead-letter). The events producer is closed when the
// broker rejects the client's credentials (see onAuthFailure()); the
// dead-letter producer stays open until shutdown.
// Negative case: every send is guarded against a closed producer in one of
// the usual shapes (isClosed() || busy, a while (!isClosed()) loop, a stored
// isClosed() result, an early return in a helper), or happens after a close
// of the *other* producer, or after the producer was replaced by a new one.
// KafkaProducer (messaging.h): send() after close() fails.
#include "messaging.h"

#include <cstdio>
#include <deque>
#include <memory>
#include <string>

struct Click {
  std::string user;
  std::string page;
};

class ClickPublisher {
public:
  explicit ClickPublisher(const std::string &brokers)
      : brokers_(brokers), events_(kafka::createProducer(brokers)),
        deadLetter_(kafka::createProducer(brokers)) {}

  void publish(const Click &c, bool throttled) {
    if (events_->isClosed() || throttled)
      return;
    events_->send({"clicks", c.user + " " + c.page}); // OK: closed producers return above
  }

  void drain(std::deque<Click> &backlog) {
    while (!events_->isClosed() && !backlog.empty()) {
      events_->send({"clicks", backlog.front().user + " " + backlog.front().page}); // OK: loop condition
      backlog.pop_front();
      if (events_->pendingCount() > 10000)
        events_->close(); // broker is not keeping up; the next check ends the loop
    }
  }

  void publishOrDeadLetter(const Click &c) {
    bool gone = events_->isClosed();
    if (!gone) {
      events_->send({"clicks", c.user + " " + c.page}); // OK: stored isClosed() result
      return;
    }
    deadLetter_->send({"clicks.dlq", c.user + " " + c.page}); // OK: only the events producer was closed
  }

  void onAuthFailure() {
    events_->close();
    deadLetter_->send({"clicks.dlq", "auth failure on events producer"});
  }

  void reconnect() {
    if (!events_->isClosed())
      return;
    events_ = kafka::createProducer(brokers_);
    events_->send({"clicks", "reconnected"}); // OK: a new producer replaced the closed one
  }

  void shutdown() {
    if (!events_->isClosed()) {
      events_->flush(); // OK: guarded by the isClosed() check
      events_->close();
    }
    deadLetter_->flush();
    deadLetter_->close();
  }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> events_;
  std::unique_ptr<kafka::KafkaProducer> deadLetter_;
};

int main(int argc, char **argv) {
  ClickPublisher pub(argc > 1 ? argv[1] : "kafka-1:9092,kafka-2:9092");
  std::deque<Click> backlog = {{"u1", "/home"}, {"u2", "/cart"}, {"u3", "/checkout"}};
  pub.drain(backlog);
  pub.publish({"u4", "/home"}, false);
  pub.onAuthFailure();
  pub.publish({"u5", "/search"}, false);
  pub.publishOrDeadLetter({"u6", "/search"});
  pub.reconnect();
  pub.publishOrDeadLetter({"u7", "/account"});
  pub.shutdown();
  return 0;
}
