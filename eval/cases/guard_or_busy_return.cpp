// A stream replicator closes its channel when the lease expires and, before
// every keep-alive, returns when the channel is closed or too many frames are
// in flight. The guard with || protects the send (correct). The variant that
// combines the checks with && lets a closed channel through whenever it is
// not busy (bug).
#include "messaging.h"

class Replicator {
public:
  explicit Replicator(cassandra::StreamingMultiplexedChannel &channel) : channel_(channel) {}

  void tick(bool leaseExpired) {
    if (leaseExpired)
      channel_.close();
    if (channel_.isClosed() || inFlight_ > kMaxInFlight)
      return;
    channel_.sendControlMessage({"KEEPALIVE", ""}); // OK
  }

  void tickSloppy(bool leaseExpired) {
    if (leaseExpired)
      channel_.close();
    if (channel_.isClosed() && inFlight_ > kMaxInFlight)
      return;
    channel_.sendControlMessage({"KEEPALIVE", ""}); // BUG: use-after-close
  }

private:
  static constexpr int kMaxInFlight = 64;
  cassandra::StreamingMultiplexedChannel &channel_;
  int inFlight_ = 0;
};
