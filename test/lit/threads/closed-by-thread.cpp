// A thread that closes the object: once joined, the object is closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -pthread | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <thread>
using namespace kafka;

void closedByWorker(KafkaProducer &p, ProducerRecord r) {
  std::thread closer([&p] { p.close(); });
  closer.join();
  // CHECK: closed-by-thread.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' after it was closed
  p.send(r);
  // CHECK: closed-by-thread.cpp:[[@LINE-4]]:31: note: 'p' is closed here
}

// Negative: the worker reopens nothing, but closes another producer.
void otherProducer(KafkaProducer &p, KafkaProducer &q, ProducerRecord r) {
  std::thread closer([&q] { q.close(); });
  closer.join();
  p.send(r);
}
