// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

bool failed();

// Closed on one branch only: still reported, as "may have been closed".
void oneBranch(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  // CHECK: branches.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' that may have been closed
  channel.sendControlMessage(m);
  // CHECK: branches.cpp:[[@LINE-3]]:13: note: 'channel' is closed here
}

// Closed on both branches: definitely closed.
void bothBranches(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed())
    channel.close();
  else
    channel.close();
  // CHECK: branches.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' after it was closed
  channel.sendControlMessage(m);
  // CHECK: branches.cpp:[[@LINE-5]]:13: note: 'channel' is closed here
  // CHECK: branches.cpp:[[@LINE-4]]:13: note: 'channel' is closed here
}

// Negative: early return after close.
void earlyReturn(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed()) {
    channel.close();
    return;
  }
  channel.sendControlMessage(m);
}

// Negative: throw after close.
void earlyThrow(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed()) {
    channel.close();
    throw 42;
  }
  channel.sendControlMessage(m);
}

// The Cassandra record's own shape: close in the catch handler, then return.
void cassandraShape(StreamingMultiplexedChannel &channel, StreamSession &session,
                    StreamMessage m) {
  try {
    channel.sendControlMessage(m);
  } catch (...) {
    channel.close();
    session.onError("send failed");
    return;
  }
  channel.sendControlMessage(m);
}

// Close in a catch handler that falls through to a send after the try.
void catchFallsThrough(StreamingMultiplexedChannel &channel, StreamMessage m) {
  try {
    channel.sendControlMessage(m);
  } catch (...) {
    channel.close();
  }
  // CHECK: branches.cpp:[[@LINE+1]]:11: warning: call to 'sendControlMessage' on 'channel' that may have been closed
  channel.sendControlMessage(m);
}

// Negative: [[noreturn]] after close.
[[noreturn]] void fatal();
void noReturn(StreamingMultiplexedChannel &channel, StreamMessage m) {
  if (failed()) {
    channel.close();
    fatal();
  }
  channel.sendControlMessage(m);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
