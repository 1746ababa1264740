// Database failover controller. The controller streams WAL frames to a
// primary replica and a standby replica over repl::ReplicationChannel
// (send()/flush() on a closed channel fail with "replication channel closed").
// It throttles lagging replicas by closing their channel, and promotes the
// standby when the primary dies.
// Defects: the fencing step checks the standby's state but sends on the
// primary it has just closed (copy-paste guard on the wrong object); the
// drain step stores connected() in a local before closing the channel and
// flushes afterwards on the strength of that stale value.
#include "replication.h"

#include <memory>
#include <string>
#include <vector>

namespace failover {

static void drainAndClose(repl::ReplicationChannel &ch) {
  ch.flush();
  ch.close();
}

class FailoverController {
public:
  FailoverController(const std::string &primary, const std::string &standby)
      : primary_(std::make_unique<repl::ReplicationChannel>(primary)),
        standby_(std::make_unique<repl::ReplicationChannel>(standby)) {}

  // Ships a batch; a replica that lags too far is cut off mid-batch.
  void ship(std::vector<std::string> frames, std::size_t lagLimit) {
    std::size_t shipped = 0;
    while (!primary_->IsClosed() && shipped < frames.size()) {
      primary_->send(frames[shipped]); // OK: loop condition re-checks IsClosed()
      if (++shipped > lagLimit)
        primary_->close();
    }
    if (standby_->state() != repl::LinkState::Open)
      return;
    for (const auto &f : frames)
      standby_->send(f); // OK: returned early unless the standby is Open
  }

  void promoteStandby() {
    primary_->close();
    if (!standby_->IsClosed())
      standby_->send("PROMOTE"); // OK: a different channel, checked
    if (!standby_->IsClosed())
      primary_->send("FENCE old-primary"); // BUG: use-after-close
  }

  void planShutdown() {
    const bool wasConnected = primary_->connected();
    drainAndClose(*primary_);
    if (wasConnected)
      primary_->flush(); // BUG: use-after-close
  }

  void heartbeat() {
    if (primary_->state() == repl::LinkState::Closed)
      return;
    primary_->send("HEARTBEAT"); // OK: early return on Closed
  }

  void rebuildPrimary(const std::string &peer) {
    primary_ = std::make_unique<repl::ReplicationChannel>(peer);
    primary_->send("BASEBACKUP START"); // OK: replaced by a new channel
  }

private:
  std::unique_ptr<repl::ReplicationChannel> primary_;
  std::unique_ptr<repl::ReplicationChannel> standby_;
};

} // namespace failover

void onPrimaryLost(failover::FailoverController &ctl, std::vector<std::string> tail) {
  ctl.ship(tail, 512);
  ctl.promoteStandby();
  ctl.heartbeat();
  ctl.rebuildPrimary("pg-replica-3:5433");
  ctl.heartbeat();
  ctl.planShutdown();
}
