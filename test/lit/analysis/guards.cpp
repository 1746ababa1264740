// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

bool failed();

// Negative: the record's validationCode, `if (!channel.isClosed())`.
void guardedSend(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  if (!channel.isClosed())
    channel.sendControlMessage(m);
}

// Negative: `if (channel.isClosed()) return;` protects what follows.
void earlyExitGuard(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  if (channel.isClosed())
    return;
  channel.sendControlMessage(m);
}

// Negative: guards inside && / || chains and == false comparisons.
void compoundGuards(StreamingMultiplexedChannel *channel, StreamMessage m) {
  if (failed())
    channel->close();
  if (!channel || channel->isClosed())
    return;
  channel->sendControlMessage(m);
}
void boolComparison(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  if (channel.isClosed() == false)
    channel.sendControlMessage(m);
}
void andChain(StreamingMultiplexedChannel &channel, StreamMessage m, bool ok) {
  if (failed())
    channel.close();
  if (ok && !channel.isClosed())
    channel.sendControlMessage(m);
}

// An open-query (true when open) guards too.
void openQuery(AuditChannel &audit) {
  if (failed())
    audit.close();
  if (audit.isOpen())
    audit.send("ok");
  // CHECK: guards.cpp:[[@LINE+1]]:9: warning: call to 'send' on 'audit' that may have been closed
  audit.send("unguarded");
}

// The guard protects only what it dominates.
void guardDoesNotDominate(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  if (!channel.isClosed())
    channel.sendControlMessage(m);
  // CHECK: guards.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' that may have been closed
  channel.sendControlMessage(m);
}

// The wrong polarity is no guard.
void wrongPolarity(StreamingMultiplexedChannel &channel, StreamMessage m) {
  channel.close();
  if (channel.isClosed())
    // CHECK: guards.cpp:[[@LINE+1]]:13: warning: call to 'sendControlMessage' on 'channel' after it was closed
    channel.sendControlMessage(m);
}

// A guard on one object says nothing about another.
void otherObjectGuard(StreamingMultiplexedChannel &a, StreamingMultiplexedChannel &b,
                      StreamMessage m) {
  a.close();
  if (!b.isClosed())
    // CHECK: guards.cpp:[[@LINE+1]]:7: warning: call to 'sendControlMessage' on 'a' after it was closed
    a.sendControlMessage(m);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
