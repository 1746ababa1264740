// The helper closes the channel only when the peer is gone.
#include "messaging.h"
using namespace cassandra;

static void checkPeer(StreamingMultiplexedChannel &ch, bool peerAlive) {
  if (!peerAlive)
    ch.close();
}

void heartbeat(StreamingMultiplexedChannel &ch, bool peerAlive) {
  checkPeer(ch, peerAlive);
  ch.sendControlMessage({"KEEP_ALIVE", ""}); // BUG: use-after-close
}
