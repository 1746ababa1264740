// Negative: each branch either closes or sends, never both.
#include "messaging.h"
using namespace cassandra;

void onMessage(StreamingMultiplexedChannel &ch, const StreamMessage &in) {
  if (in.Type == "SESSION_FAILED") {
    ch.close();
  } else if (in.Type == "PREPARE_SYN") {
    ch.sendControlMessage({"PREPARE_SYNACK", ""});
  } else {
    ch.sendControlMessage({"RECEIVED", in.Body});
  }
}
