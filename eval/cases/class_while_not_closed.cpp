// Negative: the loop condition re-checks isClosed() before every send.
#include "messaging.h"
#include <vector>
using namespace cassandra;

bool peerGone();

void pump(StreamingMultiplexedChannel &ch, const std::vector<StreamMessage> &queue) {
  size_t next = 0;
  while (!ch.isClosed() && next < queue.size()) {
    ch.sendControlMessage(queue[next++]);
    if (peerGone())
      ch.close();
  }
}
