// A helper with a "close when done" flag: only the call with true closes.
#include "messaging.h"
using namespace cassandra;

static void sendPhase(StreamingMultiplexedChannel &ch, const char *phase, bool closeAfter) {
  ch.sendControlMessage({phase, ""});
  if (closeAfter)
    ch.close();
}

void runPhases(StreamingMultiplexedChannel &ch) {
  sendPhase(ch, "PREPARE", false);
  ch.sendControlMessage({"STREAM", ""});
  sendPhase(ch, "COMPLETE", true);
  ch.sendControlMessage({"SESSION_DONE", ""}); // BUG: use-after-close
}
