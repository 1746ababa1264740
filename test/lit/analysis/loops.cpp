// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <vector>
using namespace kafka;

bool shuttingDown();

// A producer closed inside the loop that keeps sending.
void closeInLoop(KafkaProducer &producer, const std::vector<ProducerRecord> &rs) {
  for (const ProducerRecord &r : rs) {
    // CHECK: loops.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'producer' that may have been closed
    producer.send(r);
    if (shuttingDown())
      producer.close();
    // CHECK: loops.cpp:[[@LINE-1]]:16: note: 'producer' is closed here, on an earlier iteration of the loop
  }
}

// Negative: the close runs only on the last iteration (break right after).
void closeThenBreak(KafkaProducer &producer, const std::vector<ProducerRecord> &rs) {
  for (const ProducerRecord &r : rs) {
    producer.send(r);
    if (shuttingDown()) {
      producer.close();
      break;
    }
  }
}

// Negative: a fresh producer each iteration.
void freshEachIteration(const std::vector<ProducerRecord> &rs) {
  for (const ProducerRecord &r : rs) {
    KafkaProducer producer;
    producer.send(r);
    producer.close();
  }
}

// A while loop that closes unconditionally and loops again.
void whileLoop(KafkaProducer &producer, ProducerRecord r) {
  while (!shuttingDown()) {
    // CHECK: loops.cpp:[[@LINE+1]]:14: warning: call to 'send' on 'producer' that may have been closed
    producer.send(r);
    producer.close();
  }
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
