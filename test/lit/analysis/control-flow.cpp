// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <stdexcept>
using namespace kafka;

void mayThrow();

// switch with fall-through into the send.
void fallThrough(KafkaProducer &p, int state, ProducerRecord r) {
  switch (state) {
  case 0:
    p.close();
    [[fallthrough]];
  case 1:
    // CHECK: control-flow.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'p' that may have been closed
    p.send(r);
    break;
  default:
    break;
  }
}

// Negative: each case breaks.
void noFallThrough(KafkaProducer &p, int state, ProducerRecord r) {
  switch (state) {
  case 0:
    p.close();
    break;
  case 1:
    p.send(r);
    break;
  }
}

// goto back to a send.
void withGoto(KafkaProducer &p, ProducerRecord r, int tries) {
retry:
  // CHECK: control-flow.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' that may have been closed
  p.send(r);
  if (--tries > 0) {
    p.close();
    goto retry;
  }
}

// Close in a catch handler, then a use after the try.
void catchThenUse(KafkaProducer &p, ProducerRecord r) {
  try {
    mayThrow();
  } catch (const std::exception &) {
    p.close();
  }
  // CHECK: control-flow.cpp:[[@LINE+1]]:5: warning: call to 'send' on 'p' that may have been closed
  p.send(r);
}

// Close in the try body, use in the handler: closed when mayThrow() threw;
// when close() itself threw (its code is not seen) it may not have closed.
void tryThenHandler(KafkaProducer &p, ProducerRecord r) {
  try {
    p.close();
    mayThrow();
  } catch (...) {
    // CHECK: control-flow.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'p' that may have been closed
    p.send(r);
  }
}

// Negative: the handler rethrows.
void rethrow(KafkaProducer &p, ProducerRecord r) {
  try {
    mayThrow();
  } catch (...) {
    p.close();
    throw;
  }
  p.send(r);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
