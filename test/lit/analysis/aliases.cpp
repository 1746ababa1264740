// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <utility>
using namespace kafka;

KafkaProducer *pick();

// Closed through another pointer to the same object.
void throughPointer(KafkaProducer &producer, ProducerRecord r) {
  KafkaProducer *p = &producer;
  p->close();
  // CHECK: aliases.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
}

// A pointer copied from another pointer.
void pointerCopy(KafkaProducer *a, ProducerRecord r) {
  KafkaProducer *b = a;
  a->close();
  // CHECK: aliases.cpp:[[@LINE+1]]:6: warning: call to 'send' on 'b' after it was closed
  b->send(r);
}

// A struct member that points at it.
struct Holder {
  KafkaProducer *producer;
};
void throughMember(KafkaProducer &producer, ProducerRecord r) {
  Holder h{&producer};
  producer.close();
  // CHECK: aliases.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'h.producer' after it was closed
  h.producer->send(r);
  Holder g;
  g.producer = &producer;
  // CHECK: aliases.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'g.producer' after it was closed
  g.producer->send(r);
}

// Another shared_ptr to it, and a moved unique_ptr.
void sharedCopy(std::shared_ptr<KafkaProducer> a, ProducerRecord r) {
  std::shared_ptr<KafkaProducer> b = a;
  a->close();
  // CHECK: aliases.cpp:[[@LINE+1]]:6: warning: call to 'send' on 'b' after it was closed
  b->send(r);
}
void movedUnique(std::unique_ptr<KafkaProducer> a, ProducerRecord r) {
  a->close();
  std::unique_ptr<KafkaProducer> b = std::move(a);
  // CHECK: aliases.cpp:[[@LINE+1]]:6: warning: call to 'send' on 'b' after it was closed
  b->send(r);
}

// Negative: the alias is rebound to another object before the use.
void rebound(KafkaProducer &x, KafkaProducer &y, ProducerRecord r) {
  KafkaProducer *p = &x;
  p->close();
  p = &y;
  p->send(r);
  p = pick();
  p->send(r);
}

// Negative: a shared_ptr reset to a new object.
void sharedReset(std::shared_ptr<KafkaProducer> a, ProducerRecord r) {
  std::shared_ptr<KafkaProducer> b = a;
  a->close();
  b = std::make_shared<KafkaProducer>();
  b->send(r);
}

// Negative: the alias only on one path is not trusted.
void oneSidedAlias(KafkaProducer &x, KafkaProducer &y, bool c, ProducerRecord r) {
  KafkaProducer *p = &y;
  if (c)
    p = &x;
  x.close();
  p->send(r);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
