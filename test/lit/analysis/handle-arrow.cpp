// A handle class's own operator-> that returns the object it owns
// (`return p_.get();`) names that object, as its other accessors and its
// destructor do: closing through `h->` and sending through `h.get()` is a
// send after close on one producer.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
using namespace kafka;

class ProducerHandle {
public:
  KafkaProducer *operator->() const { return p_.get(); }
  KafkaProducer &get() { return *p_; }

private:
  std::unique_ptr<KafkaProducer> p_;
};

void arrowThenGet(ProducerHandle &h) {
  h->close();
  // CHECK: handle-arrow.cpp:[[@LINE+1]]:11: warning: call to 'send' on 'h.get()' after it was closed [errlint-send-after-close]
  h.get().send({"t", "v"});
}

void getThenArrow(ProducerHandle &h) {
  h.get().close();
  // CHECK: handle-arrow.cpp:[[@LINE+1]]:6: warning: call to 'send' on 'h' after it was closed [errlint-send-after-close]
  h->send({"t", "v"});
}

void twoHandles(ProducerHandle &a, ProducerHandle &b) {
  a->close();
  b->send({"t", "v"});
}
