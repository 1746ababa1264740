#include "streaming.h"

namespace streaming {

void StreamSession::completeRisky() {
  Channel.close();
  Channel.sendControlMessage({"COMPLETE"}); // throws: the channel is closed
}

void StreamSession::completeFixed() {
  Channel.sendControlMessage({"COMPLETE"});
  Channel.close();
}

void StreamSession::onErrorRisky(bool Failed) {
  if (Failed)
    Channel.close();
  Channel.sendControlMessage({"SESSION_FAILED"}); // throws when Failed
}

void StreamSession::onErrorFixed(bool Failed) {
  if (Failed)
    Channel.close();
  if (!Channel.isClosed())
    Channel.sendControlMessage({"SESSION_FAILED"});
}

} // namespace streaming
