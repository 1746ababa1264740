// A helper that closes on failure and says so through its result.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

bool handshake(StreamingMultiplexedChannel &ch);

/// Closes the channel and returns false when the handshake fails.
bool connectOrClose(StreamingMultiplexedChannel &ch) {
  if (!handshake(ch)) {
    ch.close();
    return false;
  }
  return true;
}

/// Returns -1 after closing, 0 otherwise.
int setup(StreamingMultiplexedChannel &ch) {
  if (!handshake(ch)) {
    ch.close();
    return -1;
  }
  return 0;
}

// Negative: the caller tests the result before sending.
void testsResult(StreamingMultiplexedChannel &ch, StreamMessage m) {
  if (!connectOrClose(ch))
    return;
  ch.sendControlMessage(m);
}
void storesResult(StreamingMultiplexedChannel &ch, StreamMessage m) {
  bool ok = connectOrClose(ch);
  if (ok)
    ch.sendControlMessage(m);
}
void comparesResult(StreamingMultiplexedChannel &ch, StreamMessage m) {
  if (setup(ch) == -1)
    return;
  ch.sendControlMessage(m);
}

// The result ignored: the send may follow the close.
void ignoresResult(StreamingMultiplexedChannel &ch, StreamMessage m) {
  connectOrClose(ch);
  // CHECK: helper-results.cpp:[[@LINE+1]]:6: warning: call to 'sendControlMessage' on 'ch' that may have been closed
  ch.sendControlMessage(m);
}

// The wrong branch: sends exactly when it was closed.
void wrongBranch(StreamingMultiplexedChannel &ch, StreamMessage m) {
  if (!connectOrClose(ch))
    // CHECK: helper-results.cpp:[[@LINE+1]]:8: warning: call to 'sendControlMessage' on 'ch' after it was closed
    ch.sendControlMessage(m);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
