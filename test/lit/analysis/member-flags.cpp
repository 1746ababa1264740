// A member flag set beside the close and tested before each use.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace kafka;

class Publisher {
public:
  void stop() {
    stopped_ = true;
    producer_.close();
  }
  void publish(const ProducerRecord &r) {
    if (stopped_)
      return;
    producer_.send(r);
  }
  void publishUnchecked(const ProducerRecord &r) { producer_.send(r); }
  void restart() { stopped_ = false; }

private:
  bool stopped_ = false;
  KafkaProducer producer_;
};

// Negative: publish() checks the flag stop() sets.
void checked(Publisher &pub, const ProducerRecord &r) {
  pub.stop();
  pub.publish(r);
}

// The unchecked path is still found.
void unchecked(Publisher &pub, const ProducerRecord &r) {
  pub.stop();
  // CHECK: member-flags.cpp:[[@LINE+1]]:7: warning: call to 'publishUnchecked' uses 'pub.producer_' after it was closed
  pub.publishUnchecked(r);
}

// restart() only clears the flag (its summary says so: it sets stopped_ to
// false and touches nothing else), so publish() passes its check and sends
// on the producer stop() closed.
void flagCleared(Publisher &pub, const ProducerRecord &r) {
  pub.stop();
  pub.restart();
  // CHECK: member-flags.cpp:[[@LINE+1]]:7: warning: call to 'publish' uses 'pub.producer_' after it was closed
  pub.publish(r);
}

// The flag tested on entry too (an idempotent stop), as in real wrappers.
class IdempotentPublisher {
public:
  void publish(const ProducerRecord &r) {
    if (stopped_)
      return;
    producer_.send(r);
  }
  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    producer_.close();
  }

private:
  KafkaProducer producer_;
  bool stopped_ = false;
};

// Negative: stop, publish (dropped), stop again.
void idempotent(IdempotentPublisher &pub, const ProducerRecord &r) {
  pub.stop();
  pub.publish(r);
  pub.stop();
}

// The flag tested on entry, then cleared: stop() uses and closes the
// producer only when running_ was set on entry, and a getter returns the
// flag as it is, so testing running() tests running_.
class RunningPublisher {
public:
  void publish(const ProducerRecord &r) { producer_.send(r); }
  void stop() {
    if (!running_)
      return;
    producer_.flush();
    producer_.close();
    running_ = false;
  }
  bool running() const { return running_; }

private:
  KafkaProducer producer_;
  bool running_ = true;
};

// Negative: the second stop() finds running_ cleared and does nothing.
void stopTwice(RunningPublisher &pub) {
  pub.stop();
  pub.stop();
}

// Negative: route() publishes only while running() says so.
bool route(RunningPublisher &pub, const ProducerRecord &r) {
  if (!pub.running())
    return false;
  pub.publish(r);
  return true;
}
void stopThenRoute(RunningPublisher &pub, const ProducerRecord &r) {
  pub.stop();
  route(pub, r);
}

// The publish after stop() is still found (stop() closed the producer if
// it was running).
void stopThenPublish(RunningPublisher &pub, const ProducerRecord &r) {
  pub.stop();
  // CHECK: member-flags.cpp:[[@LINE+1]]:7: warning: call to 'publish' uses 'pub.producer_' that may have been closed
  pub.publish(r);
}
