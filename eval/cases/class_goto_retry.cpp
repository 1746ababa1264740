// A retry label jumps back to the send after the channel was closed.
#include "messaging.h"
using namespace cassandra;

bool acknowledged();

void sendWithRetry(StreamingMultiplexedChannel &ch, const StreamMessage &m) {
  int attempts = 0;
again:
  ch.sendControlMessage(m); // BUG: use-after-close
  if (!acknowledged() && ++attempts < 3) {
    ch.close();
    goto again;
  }
}
