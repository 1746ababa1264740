// Negative: the same helper called only with false before the sends.
#include "messaging.h"
using namespace cassandra;

static void sendPhase(StreamingMultiplexedChannel &ch, const char *phase, bool closeAfter) {
  ch.sendControlMessage({phase, ""});
  if (closeAfter)
    ch.close();
}

void runPhases(StreamingMultiplexedChannel &ch) {
  sendPhase(ch, "PREPARE", false);
  sendPhase(ch, "STREAM", false);
  ch.sendControlMessage({"COMPLETE", ""});
  sendPhase(ch, "SESSION_DONE", true);
}
