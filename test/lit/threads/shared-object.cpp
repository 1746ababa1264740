// The same object reached through a copied shared_ptr or a pointer.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <memory>
#include <thread>
using namespace kafka;

void sharedCopy(std::shared_ptr<KafkaProducer> producer) {
  std::shared_ptr<KafkaProducer> mine = producer;
  std::thread worker([mine] { mine->send({}); });
  // CHECK: shared-object.cpp:[[@LINE+1]]:13: warning: 'producer' is closed while a thread that uses it may still be running
  producer->close();
  worker.join();
}

void viaPointer(KafkaProducer *p) {
  std::thread worker([p] { p->flush(); });
  KafkaProducer &same = *p;
  // CHECK: shared-object.cpp:[[@LINE+1]]:8: warning: 'same' is closed while a thread that uses it may still be running
  same.close();
  worker.join();
}

// Negative: a producer of its own, made inside the thread.
void ownInside() {
  KafkaProducer outer;
  std::thread worker([] {
    KafkaProducer inner;
    inner.send({});
  });
  outer.close();
  worker.join();
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
