// The handler closes the channel but falls through to the next send.
#include "messaging.h"
#include <stdexcept>
using namespace cassandra;

void streamFiles(StreamingMultiplexedChannel &channel, StreamSession &session,
                 const StreamMessage &file, const StreamMessage &complete) {
  try {
    channel.sendMessage(channel.controlChannel(), file);
  } catch (const std::exception &e) {
    session.onError(e.what());
    channel.close();
  }
  channel.sendControlMessage(complete); // BUG: use-after-close
}
