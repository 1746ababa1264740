// Cluster gossip: a GossipAgent keeps a primary and a backup PeerLink to
// each neighbour and pushes membership digests over them. Links are closed
// by the failure detector. Most send paths guard on the link's state in one of
// the usual shapes (state() comparison, explicit operator bool, a stored
// connected() result); three of them are wrong: one checks the backup link but
// sends on the primary, one has its condition inverted, and pushDigestAll()
// acts on a connected() result stored before it may close the link itself.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// PeerLink: send() throws std::runtime_error once the link is closed.
// close() is idempotent. operator bool is true while the link is usable.
class PeerLink {
public:
  enum class State { Connecting, Open, Closed };

  explicit PeerLink(std::string peer) : peer_(std::move(peer)) {}

  void open() {
    if (state_ != State::Closed)
      state_ = State::Open;
  }
  void send(const std::string &msg) {
    if (state_ == State::Closed)
      throw std::runtime_error("link to " + peer_ + " is closed");
    queue_.push_back(msg);
  }
  void close() {
    state_ = State::Closed;
    queue_.clear();
  }
  State state() const { return state_; }
  bool connected() const { return state_ == State::Open; }
  bool IsClosed() const { return state_ == State::Closed; }
  explicit operator bool() const { return state_ != State::Closed; }
  const std::string &peer() const { return peer_; }

private:
  std::string peer_;
  std::vector<std::string> queue_;
  State state_ = State::Connecting;
};

struct Neighbour {
  PeerLink primary;
  PeerLink backup;
  int suspicion = 0;
};

class GossipAgent {
public:
  void add(const std::string &peer) {
    Neighbour n{PeerLink(peer + ":7000"), PeerLink(peer + ":7001"), 0};
    n.primary.open();
    n.backup.open();
    peers_.emplace(peer, std::move(n));
  }

  void onSuspect(const std::string &peer, bool primaryOnly) {
    Neighbour &n = peers_.at(peer);
    if (++n.suspicion < 2)
      return;
    n.primary.close();
    if (!primaryOnly)
      n.backup.close();
  }

  void pushDigest(const std::string &peer, const std::string &digest) {
    Neighbour &n = peers_.at(peer);
    if (n.primary.state() == PeerLink::State::Closed)
      return;
    n.primary.send(digest); // OK: returns above when the primary is closed
  }

  void pushViaBackup(const std::string &peer, const std::string &digest) {
    Neighbour &n = peers_.at(peer);
    if (!n.backup)
      return;
    n.backup.send(digest); // OK: explicit operator bool checked above
  }

  void pushAck(const std::string &peer, long seq) {
    Neighbour &n = peers_.at(peer);
    bool up = n.primary.connected();
    if (!up)
      return;
    n.primary.send("ack " + std::to_string(seq)); // OK: stored connected() result
  }

  void pushLeave(const std::string &peer) {
    Neighbour &n = peers_.at(peer);
    if (n.backup.IsClosed())
      return;
    n.primary.send("leave"); // SAME: leavepush
  }

  void pushHeartbeat(const std::string &peer, bool draining) {
    Neighbour &n = peers_.at(peer);
    if (n.primary.IsClosed() || draining)
      return;
    n.primary.send("hb"); // OK: closed links return above
  }

  // Sends a digest to every neighbour, expiring suspects on the way.
  void pushDigestAll(const std::string &digest) {
    for (auto &kv : peers_) {
      bool up = kv.second.primary.connected();
      expireIfSuspect(kv.second);
      if (up)
        kv.second.primary.send(digest); // BUG: use-after-close
    }
  }

  void pushFinal(const std::string &peer) {
    Neighbour &n = peers_.at(peer);
    if (n.backup.IsClosed())
      n.backup.send("final"); // BUG: use-after-close
  }

private:
  static void expireIfSuspect(Neighbour &n) {
    if (n.suspicion > 0)
      n.primary.close();
  }

  std::map<std::string, Neighbour> peers_;
};

int main() {
  GossipAgent agent;
  agent.add("node-2");
  agent.add("node-3");

  agent.pushDigest("node-2", "digest v1");
  agent.onSuspect("node-2", false); // first strike: the links stay open
  try {
    agent.pushDigestAll("digest v2");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gossip: %s\n", e.what());
  }
  agent.onSuspect("node-3", true);
  agent.onSuspect("node-3", true);

  try {
    agent.pushDigest("node-3", "digest v1");
    agent.pushViaBackup("node-3", "digest v1");
    agent.pushAck("node-3", 41);
    agent.pushHeartbeat("node-3", false);
    agent.pushLeave("node-3"); // BUG: use-after-close #leavepush
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gossip: %s\n", e.what());
  }

  agent.onSuspect("node-2", false);
  agent.onSuspect("node-2", false);
  try {
    agent.pushFinal("node-2");
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gossip: %s\n", e.what());
  }
  return 0;
}
