// Negative: the Cassandra record's own shape: the handler closes and returns.
#include "messaging.h"
#include <stdexcept>
using namespace cassandra;

bool sendControl(StreamingMultiplexedChannel &channel, StreamSession &session,
                 const StreamMessage &message) {
  try {
    channel.sendMessage(channel.controlChannel(), message);
  } catch (const std::exception &e) {
    channel.close();
    session.onError(e.what());
    return false;
  }
  return true;
}

void prepare(StreamingMultiplexedChannel &channel, StreamSession &session) {
  if (!sendControl(channel, session, {"PREPARE_SYN", ""}))
    return;
  channel.sendControlMessage({"PREPARE_ACK", ""});
}
