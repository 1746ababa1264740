// A reference bound to the channel is closed; the channel is used by name.
#include "messaging.h"
using namespace cassandra;

void abortTransfer(StreamSession &session, const StreamMessage &abort) {
  StreamingMultiplexedChannel &ch = session.channel();
  StreamingMultiplexedChannel &control = ch;
  control.close();
  ch.sendControlMessage(abort); // BUG: use-after-close
}
