// Negative: the record's fix: check isClosed() before sending.
#include "messaging.h"
using namespace cassandra;

void onTimeout(StreamingMultiplexedChannel &channel, bool fatal, const StreamMessage &retry) {
  if (fatal)
    channel.close();
  if (!channel.isClosed())
    channel.sendControlMessage(retry);
}
