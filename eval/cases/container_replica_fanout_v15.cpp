// WAL shipping fan-out. ReplicaSet keeps one ReplicationChannel per follower
// in links_ (ordered by priority, the leader's link first) and indexes the
// same channels by peer name in byPeer_. dropUnhealthy() closes links whose
// connection dropped and leaves them in place for the reconnect pass;
// evict() closes one link by name and erases it from both containers.
// ReplicationChannel::send() on a closed channel fails.
#include "replication.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

class ReplicaSet {
public:
  explicit ReplicaSet(const std::vector<std::string> &peers);
  void ship(const std::string &frame);
  void dropUnhealthy();
  void evict(const std::string &peer);
  void handOffLeadership();
  void shutdown();

private:
  std::vector<std::unique_ptr<repl::ReplicationChannel>> links_;
  std::map<std::string, repl::ReplicationChannel *> byPeer_;
};

ReplicaSet::ReplicaSet(const std::vector<std::string> &peers) {
  for (const std::string &peer : peers) {
    links_.push_back(std::make_unique<repl::ReplicationChannel>(peer));
    byPeer_[peer] = links_.back().get();
  }
}

void ReplicaSet::ship(const std::string &frame) {
  for (std::unique_ptr<repl::ReplicationChannel> &link : links_)
    link->send(frame); // SAME: ship
}

void ReplicaSet::dropUnhealthy() {
  for (std::size_t i = 0; i < links_.size(); ++i) {
    if (!links_[i]->connected())
      links_[i]->close();
  }
}

void ReplicaSet::evict(const std::string &peer) {
  auto it = byPeer_.find(peer);
  if (it == byPeer_.end())
    return;
  repl::ReplicationChannel *ch = it->second;
  if (!ch->IsClosed()) {
    ch->flush();
    ch->close();
  }
  byPeer_.erase(it);
  links_.erase(std::remove_if(links_.begin(), links_.end(),
                              [ch](const auto &l) { return l.get() == ch; }),
               links_.end());
}

// The leader's link is links_[0]: tell it to step down, close it, and
// announce the new leader to the followers.
void ReplicaSet::handOffLeadership() {
  if (links_.size() < 2 || links_.front()->IsClosed())
    return;
  repl::ReplicationChannel &leader = *links_.front();
  leader.send("STEP_DOWN");
  leader.flush();
  leader.close();
  for (std::size_t i = 1; i < links_.size(); ++i) {
    if (!links_[i]->IsClosed())
      links_[i]->send("NEW_LEADER 1"); // OK: index 0, the closed leader, is skipped
  }
  leader.send("HANDOFF_COMPLETE"); // BUG: use-after-close
}

void ReplicaSet::shutdown() {
  for (std::unique_ptr<repl::ReplicationChannel> &link : links_) {
    if (!link->IsClosed()) {
      link->flush();
      link->close(); // OK: links closed earlier are skipped
    }
  }
  links_.clear();
  byPeer_.clear();
}

void shipBatch(const std::vector<std::string> &peers,
               const std::vector<std::string> &frames) {
  ReplicaSet replicas(peers);
  replicas.dropUnhealthy();
  for (const std::string &frame : frames)
    replicas.ship(frame); // BUG: use-after-close #ship
  replicas.evict("replica-3");
  replicas.shutdown();
}

void rotateLeader(const std::vector<std::string> &peers) {
  if (peers.empty())
    return;
  ReplicaSet replicas(peers);
  replicas.ship("CHECKPOINT");
  replicas.handOffLeadership();
  replicas.evict(peers.front());
  replicas.shutdown();
}
