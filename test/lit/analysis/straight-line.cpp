// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

void sendAfterClose(StreamingMultiplexedChannel &channel, StreamMessage m) {
  channel.close();
  // CHECK: straight-line.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' after it was closed [errlint-send-after-close]
  channel.sendControlMessage(m);
  // CHECK-NEXT: {{^}}    [[@LINE-1]] |   channel.sendControlMessage(m);
  // CHECK-NEXT: {{^}}      |           ^
  // CHECK-NEXT: straight-line.cpp:[[@LINE-5]]:11: note: 'channel' is closed here
  // CHECK-NEXT: {{^}}    6 |   channel.close();
}

void producerAfterClose(kafka::KafkaProducer producer) {
  producer.close();
  // CHECK: straight-line.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'producer' after it was closed
  producer.send({"t", "v"});
  // CHECK: straight-line.cpp:[[@LINE+1]]:12: warning: call to 'flush' on 'producer' after it was closed
  producer.flush();
}

// Negative: the sends come before the close; queries after it are fine.
void orderly(StreamingMultiplexedChannel &channel, StreamMessage m) {
  channel.sendControlMessage(m);
  channel.close();
  (void)channel.isClosed();
  channel.setTimeout(1);
}

// Negative: a class whose name matches no profile.
void unrelated(Logger &log) {
  log.close();
  log.send("bye");
}

// Negative: different objects are kept apart.
void twoChannels(StreamingMultiplexedChannel &a, StreamingMultiplexedChannel &b,
                 StreamMessage m) {
  a.close();
  b.sendControlMessage(m);
}

// A user class matched by the generic "*Channel" profile, and a class that
// inherits a producer.
void generic(AuditChannel &audit, TracingProducer &tracing) {
  audit.close();
  // CHECK: straight-line.cpp:[[@LINE+1]]:9: warning: call to 'send' on 'audit' after it was closed
  audit.send("x");
  tracing.close();
  // CHECK: straight-line.cpp:[[@LINE+1]]:11: warning: call to 'send' on 'tracing' after it was closed
  tracing.send({});
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
