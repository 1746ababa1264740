// Flags set beside a close, and elements of a container closed in a loop.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <cstdio>
#include <vector>
using namespace cassandra;

bool peerFailed();

// Negative: a local flag set next to the close guards the send.
void localFlag(StreamingMultiplexedChannel &ch, StreamMessage m) {
  bool closed = false;
  if (peerFailed()) {
    ch.close();
    closed = true;
  }
  if (!closed)
    ch.sendControlMessage(m);
}

// The flag tested the wrong way round: the send runs exactly when closed.
void wrongFlag(StreamingMultiplexedChannel &ch, StreamMessage m) {
  bool closed = false;
  if (peerFailed()) {
    ch.close();
    closed = true;
  }
  if (closed)
    // CHECK: flags.cpp:[[@LINE+1]]:8: warning: call to 'sendControlMessage' on 'ch' that may have been closed
    ch.sendControlMessage(m);
}

// The flag is reset after the close: no longer correlated.
void flagReset(StreamingMultiplexedChannel &ch, StreamMessage m) {
  bool closed = false;
  if (peerFailed()) {
    ch.close();
    closed = true;
  }
  closed = peerFailed();
  if (!closed)
    // CHECK: flags.cpp:[[@LINE+1]]:8: warning: call to 'sendControlMessage' on 'ch' that may have been closed
    ch.sendControlMessage(m);
}

// Negative: each element is a different stream.
void closeAll(std::vector<FILE *> &files) {
  for (FILE *f : files)
    fclose(f);
  for (std::vector<FILE *>::iterator it = files.begin(); it != files.end(); ++it)
    fputs("x", *it);
}
