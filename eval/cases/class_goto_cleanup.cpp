// Negative: forward goto to a single close at the end.
#include "messaging.h"
using namespace cassandra;

bool ready();

int transfer(StreamingMultiplexedChannel &ch, const StreamMessage &a, const StreamMessage &b) {
  int rc = -1;
  if (!ready())
    goto out;
  ch.sendControlMessage(a);
  if (!ready())
    goto out;
  ch.sendControlMessage(b);
  rc = 0;
out:
  ch.close();
  return rc;
}
