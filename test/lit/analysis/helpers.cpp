// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;
using namespace kafka;

bool failed();

// A helper that closes its parameter on every path.
void shutdown(KafkaProducer &p) { p.flush(); p.close(); }
// A helper that closes on some paths.
void maybeShutdown(KafkaProducer &p) {
  if (failed())
    p.close();
}
// A helper that uses its parameter.
void publish(KafkaProducer &p, const ProducerRecord &r) { p.send(r); }
// A helper that closes only when asked to.
void finish(StreamingMultiplexedChannel &ch, bool closeIt) {
  if (closeIt)
    ch.close();
}
// A helper that reopens (here: hands it to code that may replace it).
void reconnect(KafkaProducer &p);
void restart(KafkaProducer &p) { reconnect(p); }

void closedByHelper(KafkaProducer &producer, ProducerRecord r) {
  shutdown(producer);
  // CHECK: helpers.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
  // CHECK: helpers.cpp:[[@LINE-3]]:3: note: 'producer' is closed by the call to 'shutdown' here
  // CHECK: helpers.cpp:9:48: note: 'shutdown' closes it here
}

void maybeClosedByHelper(KafkaProducer &producer, ProducerRecord r) {
  maybeShutdown(producer);
  // CHECK: helpers.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' that may have been closed
  producer.send(r);
}

void usedByHelper(KafkaProducer &producer, ProducerRecord r) {
  producer.close();
  // CHECK: helpers.cpp:[[@LINE+1]]:3: warning: call to 'publish' uses 'producer' after it was closed
  publish(producer, r);
  // CHECK: helpers.cpp:[[@LINE-3]]:12: note: 'producer' is closed here
  // CHECK: helpers.cpp:16:61: note: 'publish' uses it here
}

// Both ends through helpers.
void bothHelpers(KafkaProducer &producer, ProducerRecord r) {
  shutdown(producer);
  // CHECK: helpers.cpp:[[@LINE+1]]:3: warning: call to 'publish' uses 'producer' after it was closed
  publish(producer, r);
}

// A constant argument that skips the close is not reported; one that takes
// it is.
void constantArguments(StreamingMultiplexedChannel &ch, StreamMessage m) {
  finish(ch, false);
  ch.sendControlMessage(m);
  finish(ch, true);
  // CHECK: helpers.cpp:[[@LINE+1]]:6: warning: call to 'sendControlMessage' on 'ch' after it was closed
  ch.sendControlMessage(m);
}

// Negative: the helper hands the producer to code that may reconnect it.
void reopenedByHelper(KafkaProducer &producer, ProducerRecord r) {
  producer.close();
  restart(producer);
  producer.send(r);
}

// Negative: the helper works on its own copy.
void closeCopy(KafkaProducer p) { p.close(); }
void copyClosed(KafkaProducer &producer, ProducerRecord r) {
  closeCopy(producer);
  producer.send(r);
}

// Helpers of helpers.
void shutdownTwice(KafkaProducer &p) { shutdown(p); }
void nested(KafkaProducer &producer, ProducerRecord r) {
  shutdownTwice(producer);
  // CHECK: helpers.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
}

// Through a pointer argument.
void closePtr(KafkaProducer *p) { p->close(); }
void viaPointerArg(KafkaProducer &producer, ProducerRecord r) {
  closePtr(&producer);
  // CHECK: helpers.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send(r);
}

// Recursion does not hang the analysis.
void recurse(KafkaProducer &p, int n) {
  if (n > 0)
    recurse(p, n - 1);
  p.send({});
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
