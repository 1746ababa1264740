// ReplicaBridge: forwards gateway events to a replica over a Cassandra-style
// streaming channel (bridge.cpp). No markers here.
#pragma once
#include "messaging.h"

#include <string>

namespace gateway {

class ReplicaBridge {
public:
  explicit ReplicaBridge(cassandra::StreamingMultiplexedChannel &channel) : channel_(channel) {}

  /// False (nothing sent) when the channel is closed.
  bool forward(const std::string &type, const std::string &body);
  void reportProgress(int percent);
  /// Tells the replica why and closes the channel; no-op when already closed.
  void abort(const std::string &why);
  /// Sends the completion message and closes the channel.
  void finish();

private:
  cassandra::StreamingMultiplexedChannel &channel_;
};

} // namespace gateway
