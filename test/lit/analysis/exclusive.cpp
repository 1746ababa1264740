// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
using namespace cassandra;

bool check();

// Negative: correlated conditions on the same unmodified flag.
void correlated(StreamingMultiplexedChannel &ch, StreamMessage m, bool flag) {
  if (flag)
    ch.close();
  if (!flag)
    ch.sendControlMessage(m);
}
void correlatedLocal(StreamingMultiplexedChannel &ch, StreamMessage m) {
  bool done = check();
  if (done)
    ch.close();
  ch.setTimeout(3);
  if (!done)
    ch.sendControlMessage(m);
}
void correlatedEquality(StreamingMultiplexedChannel &ch, StreamMessage m, int mode) {
  if (mode == 2)
    ch.close();
  if (mode != 2)
    ch.sendControlMessage(m);
}

// The same flag: the send runs exactly when the close did.
void sameFlag(StreamingMultiplexedChannel &ch, StreamMessage m, bool flag) {
  if (flag)
    ch.close();
  if (flag)
    // CHECK: exclusive.cpp:[[@LINE+1]]:8: warning: call to 'sendControlMessage' on 'ch' that may have been closed
    ch.sendControlMessage(m);
}

// The flag changes in between: no correlation any more.
void flagChanged(StreamingMultiplexedChannel &ch, StreamMessage m, bool flag) {
  if (flag)
    ch.close();
  flag = check();
  if (!flag)
    // CHECK: exclusive.cpp:[[@LINE+1]]:8: warning: call to 'sendControlMessage' on 'ch' that may have been closed
    ch.sendControlMessage(m);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- %cxxflags | FileCheck %s --implicit-check-not=warning:
