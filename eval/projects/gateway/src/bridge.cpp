// ReplicaBridge over a cassandra::StreamingMultiplexedChannel: forward() and
// abort() return early when the channel is closed (quiet lines: their sends);
// reportProgress() sends unguarded, and is the same-marked line of bug #progress in
// server.cpp (endReplication() calls it after abort()).
#include "gateway/bridge.h"

#include <string>

namespace gateway {

bool ReplicaBridge::forward(const std::string &type, const std::string &body) {
  if (channel_.isClosed())
    return false;
  channel_.sendMessage(channel_.controlChannel(), cassandra::StreamMessage{type, body}); // OK: checked isClosed()
  return true;
}

void ReplicaBridge::reportProgress(int percent) {
  channel_.sendControlMessage(cassandra::StreamMessage{"PROGRESS", std::to_string(percent)}); // SAME: progress
}

void ReplicaBridge::abort(const std::string &why) {
  if (channel_.isClosed())
    return;
  channel_.sendControlMessage(cassandra::StreamMessage{"ABORT", why}); // OK: checked isClosed()
  channel_.close();
}

void ReplicaBridge::finish() {
  channel_.sendControlMessage(cassandra::StreamMessage{"COMPLETE", ""});
  channel_.close();
}

} // namespace gateway
