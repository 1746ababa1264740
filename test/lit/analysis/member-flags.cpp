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
