// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
using namespace kafka;

KafkaProducer makeProducer();
void reconfigure(KafkaProducer &p);
void inspect(const KafkaProducer &p);

// Negative: reassignment gives the variable a new object.
void reassigned(KafkaProducer producer, ProducerRecord r) {
  producer.close();
  producer = makeProducer();
  producer.send(r);
}

// Negative: a unique_ptr reset to a new object, and a pointer reassigned.
void smartReset(std::unique_ptr<KafkaProducer> p, ProducerRecord r) {
  p->close();
  p.reset(new KafkaProducer());
  p->send(r);
}
void pointerReassigned(KafkaProducer *p, KafkaProducer *q, ProducerRecord r) {
  p->close();
  p = q;
  p->send(r);
}
void makeUnique(std::unique_ptr<KafkaProducer> p, ProducerRecord r) {
  p->close();
  p = std::make_unique<KafkaProducer>();
  p->send(r);
}

// Negative: handed to code that may reopen or replace it.
void handedOver(KafkaProducer &producer, ProducerRecord r) {
  producer.close();
  reconfigure(producer);
  producer.send(r);
}

// A const reference cannot change it: still reported.
void constView(KafkaProducer &producer, ProducerRecord r) {
  producer.close();
  inspect(producer);
  // CHECK: reset.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
}

// Reassignment of another object does not reset this one.
void otherReassigned(KafkaProducer a, KafkaProducer b, ProducerRecord r) {
  a.close();
  b = makeProducer();
  // CHECK: reset.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'a' after it was closed
  a.send(r);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
