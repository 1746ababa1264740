// A multiplexed streaming channel in the shape of Cassandra's
// StreamingMultiplexedChannel: once closed, every send throws.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace streaming {

struct StreamMessage {
  std::string Type;
};

class StreamingMultiplexedChannel {
public:
  void sendControlMessage(const StreamMessage &Message) {
    if (Closed)
      throw std::runtime_error("stream has been closed, cannot send " +
                               Message.Type);
    Sent.push_back(Message.Type);
  }
  void close() { Closed = true; }
  bool isClosed() const { return Closed; }

  std::vector<std::string> Sent;

private:
  bool Closed = false;
};

/// One streaming session over one channel.
class StreamSession {
public:
  /// Risky: closes the channel, then tells the peer it is complete.
  void completeRisky();
  /// Fixed: tells the peer first, then closes.
  void completeFixed();
  /// Risky: a failure closes the channel, and the caller keeps going.
  void onErrorRisky(bool Failed);
  /// Fixed: a closed channel is terminal, checked before sending.
  void onErrorFixed(bool Failed);

  StreamingMultiplexedChannel Channel;
};

} // namespace streaming
