// Search cluster: the primary ships freshly built index segments to a
// replica over repl::ReplicationChannel (send()/flush() on a closed channel
// fail with "replication channel closed"). shipSegment() closes the channel
// and returns a non-Ok Status when the replica is gone or draining;
// announce() closes it and throws when the replica rejects the schema.
// Negative case: every caller goes on with the channel only after Ok (or
// after announce() returned normally) and otherwise returns or reconnects to
// a fresh channel, so nothing is sent on a closed channel.
#include <replication.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace search {

enum class Status { Ok, PeerGone, Draining };

struct Segment {
  std::string name;
  std::vector<std::string> blocks;
  long docCount = 0;
};

static Status shipSegment(repl::ReplicationChannel &ch, const Segment &seg) {
  if (!ch.connected()) {
    ch.close();
    return Status::PeerGone;
  }
  for (const std::string &b : seg.blocks)
    ch.send("BLK " + seg.name + " " + b);
  if (ch.state() == repl::LinkState::Draining) {
    ch.close();
    return Status::Draining;
  }
  ch.flush();
  return Status::Ok;
}

static void announce(repl::ReplicationChannel &ch, int schemaVersion, int replicaVersion) {
  if (replicaVersion < schemaVersion) {
    ch.close();
    throw std::runtime_error("replica schema too old: " + std::to_string(replicaVersion));
  }
  ch.send("SCHEMA " + std::to_string(schemaVersion));
}

class ReplicaLink {
public:
  explicit ReplicaLink(std::string peer)
      : peer_(std::move(peer)), ch_(std::make_unique<repl::ReplicationChannel>(peer_)) {}

  Status publish(const Segment &seg) {
    Status st = shipSegment(*ch_, seg);
    if (st != Status::Ok) {
      reconnect();
      return st;
    }
    ch_->send("COMMIT " + seg.name + " " + std::to_string(seg.docCount)); // OK: shipSegment() closes only on a non-Ok status
    return Status::Ok;
  }

  bool publishAll(const std::vector<Segment> &segs) {
    for (const Segment &s : segs)
      if (shipSegment(*ch_, s) != Status::Ok) {
        reconnect();
        return false;
      }
    ch_->send("CHECKPOINT " + std::to_string(segs.size())); // OK: the loop returns on the first failure
    ch_->flush();
    return true;
  }

  bool handshake(int schemaVersion, int replicaVersion) {
    try {
      announce(*ch_, schemaVersion, replicaVersion);
    } catch (const std::runtime_error &e) {
      std::fprintf(stderr, "%s: %s\n", peer_.c_str(), e.what());
      reconnect();
      return false;
    }
    ch_->flush(); // OK: announce() returned normally, so it did not close
    return true;
  }

private:
  void reconnect() {
    ch_ = std::make_unique<repl::ReplicationChannel>(peer_);
    ch_->send("RESUME"); // OK: the closed channel was replaced by a new one
  }

  std::string peer_;
  std::unique_ptr<repl::ReplicationChannel> ch_;
};

int replicateShard(ReplicaLink &link, const std::vector<Segment> &segs) {
  if (!link.handshake(7, 7))
    return 1;
  int failures = 0;
  for (const Segment &s : segs)
    if (link.publish(s) != Status::Ok)
      ++failures;
  return failures;
}

} // namespace search
