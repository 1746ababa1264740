// WAL shipping from a primary database node to one standby. ReplicaLink
// wraps a repl::ReplicationChannel (send()/flush() fail with "replication
// channel closed" once the channel is closed). ReplicaLink::stop() closes
// the channel; ReplicaLink::reconnect() installs a fresh channel to the same
// peer. shipBatch() is a helper that sends frames through a link and syncs.
#include "replication.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

class ReplicaLink {
public:
  explicit ReplicaLink(std::string peer)
      : peer_(std::move(peer)), chan_(std::make_unique<repl::ReplicationChannel>(peer_)) {}
  void ship(const std::string &frame);
  void shipAll(const std::vector<std::string> &frames);
  void sync();
  void stop();
  void reconnect();
  bool stopped() const { return stopped_; }
  const std::string &peer() const { return peer_; }

private:
  std::string peer_;
  std::unique_ptr<repl::ReplicationChannel> chan_;
  bool stopped_ = false;
};

void ReplicaLink::ship(const std::string &frame) {
  chan_->send(frame); // SAME: fence
}

void ReplicaLink::shipAll(const std::vector<std::string> &frames) {
  for (const std::string &f : frames)
    chan_->send(f); // SAME: flap
  chan_->flush();
}

void ReplicaLink::sync() { chan_->flush(); }

void ReplicaLink::stop() {
  chan_->close();
  stopped_ = true;
}

void ReplicaLink::reconnect() {
  chan_ = std::make_unique<repl::ReplicationChannel>(peer_);
  stopped_ = false;
}

static void shipBatch(ReplicaLink &link, const std::vector<std::string> &frames) {
  for (const std::string &f : frames)
    link.ship(f);
  link.sync();
}

class WalShipper {
public:
  explicit WalShipper(const std::string &standby) : link_(standby) {}
  void onWalFlushed(const std::vector<std::string> &frames);
  void onPeerReset();
  void onDemote(long lastLsn);
  void heartbeat();
  void onNetworkFlap();

private:
  static constexpr int kMaxReconnects = 5;
  ReplicaLink link_;
  std::vector<std::string> unacked_;
  int reconnects_ = 0;
};

void WalShipper::onWalFlushed(const std::vector<std::string> &frames) {
  unacked_.insert(unacked_.end(), frames.begin(), frames.end());
  if (link_.stopped())
    return;
  shipBatch(link_, frames); // OK: returns above while the link is stopped
}

void WalShipper::onPeerReset() {
  std::fprintf(stderr, "standby %s reset the stream\n", link_.peer().c_str());
  link_.stop();
  link_.reconnect();
  shipBatch(link_, unacked_); // OK: reconnect() installed a new channel
}

// Called when this node loses the primary role.
void WalShipper::onDemote(long lastLsn) {
  link_.stop();
  unacked_.clear();
  // Tell the standby where our history ends so it can promote cleanly.
  shipBatch(link_, {"fence lsn=" + std::to_string(lastLsn)}); // BUG: use-after-close #fence
}

void WalShipper::heartbeat() {
  if (!link_.stopped())
    link_.sync(); // OK: only while the link is running
}

// The standby's TCP session flapped: reconnect unless it keeps flapping.
void WalShipper::onNetworkFlap() {
  link_.stop();
  if (reconnects_ < kMaxReconnects) {
    link_.reconnect();
    ++reconnects_;
  } else {
    std::fprintf(stderr, "standby %s flapping, giving up\n", link_.peer().c_str());
  }
  link_.shipAll(unacked_); // BUG: use-after-close #flap
}
