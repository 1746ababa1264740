// The session closes its channel and then reports completion on it.
#include "messaging.h"
using namespace cassandra;

void completeSession(StreamingMultiplexedChannel &channel, const StreamMessage &done) {
  channel.sendControlMessage({"PREPARE", ""});
  channel.close();
  channel.sendControlMessage(done); // BUG: use-after-close
}
