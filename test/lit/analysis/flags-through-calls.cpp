// What a callee needs of a member flag for its use (`if (stopped_) return;`)
// reaches the callers of its callers, and what held of the flag where a
// callee closed (`stopped_ = true;` beside the close) goes with the close,
// on its way out by an exception too.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using kafka::KafkaProducer;
using kafka::ProducerRecord;

void mayThrow();

class Bus {
public:
  void publish(const ProducerRecord &r) {
    if (stopped_)
      return;
    p_.send(r);
  }
  void publishRaw(const ProducerRecord &r) { p_.send(r); }
  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    p_.close();
  }
  void stopIf(bool last) {
    if (last) {
      stopped_ = true;
      p_.close();
    }
  }

private:
  KafkaProducer p_;
  bool stopped_ = false;
};

struct Server {
  Bus bus;
  void tick(const ProducerRecord &r) { bus.publish(r); }
  void tickRaw(const ProducerRecord &r) { bus.publishRaw(r); }
  void halt() { bus.stop(); }
  void haltIf(bool last) { bus.stopIf(last); }
  void haltThenCleanUp() {
    bus.stop();
    mayThrow();
  }
};

void afterHalt(Server &s, const ProducerRecord &r) {
  s.halt();
  s.tick(r);
}

void afterHaltRaw(Server &s, const ProducerRecord &r) {
  s.halt();
  // CHECK: flags-through-calls.cpp:[[@LINE+1]]:5: warning: call to 'tickRaw' uses 's.bus.p_' that may have been closed
  s.tickRaw(r);
}

void afterFailedCleanUp(Server &s, const ProducerRecord &r) {
  try {
    s.haltThenCleanUp();
  } catch (...) {
  }
  s.tick(r);
}

void afterFailedCleanUpRaw(Server &s, const ProducerRecord &r) {
  try {
    s.haltThenCleanUp();
  } catch (...) {
  }
  // CHECK: flags-through-calls.cpp:[[@LINE+1]]:5: warning: call to 'tickRaw' uses 's.bus.p_' that may have been closed
  s.tickRaw(r);
}

void afterConditionalHalt(Server &s, const ProducerRecord &r, bool last) {
  s.haltIf(last);
  s.tick(r);
}

void afterConditionalHaltRaw(Server &s, const ProducerRecord &r, bool last) {
  s.haltIf(last);
  // CHECK: flags-through-calls.cpp:[[@LINE+1]]:5: warning: call to 'tickRaw' uses 's.bus.p_' that may have been closed
  s.tickRaw(r);
}
