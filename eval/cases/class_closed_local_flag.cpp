// Negative: a local flag set next to the close guards the final send.
#include "messaging.h"
using namespace cassandra;

bool peerFailed();

void finishStream(StreamingMultiplexedChannel &ch, const StreamMessage &complete) {
  bool closed = false;
  if (peerFailed()) {
    ch.close();
    closed = true;
  }
  if (!closed)
    ch.sendControlMessage(complete);
}
