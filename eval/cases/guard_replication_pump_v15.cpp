// Replication pump of a storage node: ships WAL records to a follower over a
// repl::ReplicationChannel and mirrors them into a local repl::WalProducer.
// Either side can be closed by the error handlers (onPeerReset, onMirrorFull).
// The replication library reports a closed object through its queries:
// IsClosed()/is_closed() return true, connected()/isOpen()/operator bool
// return false and state() returns LinkState::Closed once close() ran.
// Correct (no defect): every send that follows a possible close is
// dominated by a guard on the same object that returns, continues or leaves
// the loop, so nothing is sent on a closed channel or producer.
#include "replication.h"

#include <cstddef>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace storage {

struct WalRecord {
  unsigned long Lsn = 0;
  std::string Payload;
};

class ReplicationPump {
public:
  ReplicationPump(repl::ReplicationChannel &Follower, repl::WalProducer &Mirror)
      : Follower(Follower), Mirror(Mirror) {}

  void enqueue(WalRecord R) { Backlog.push_back(std::move(R)); }
  void onPeerReset();
  void onMirrorFull();
  void onHeartbeatTimer(bool Busy);
  void drain();
  void finishEpoch(unsigned long Epoch, bool DiskPressure);
  std::size_t shipBatch(const std::vector<WalRecord> &Batch);

private:
  static std::string frameFor(const WalRecord &R);
  bool followerWritable() const;

  repl::ReplicationChannel &Follower;
  repl::WalProducer &Mirror;
  std::deque<WalRecord> Backlog;
  unsigned long LastShippedLsn = 0;
  unsigned MissedHeartbeats = 0;
  bool Throttled = false;
  static constexpr std::size_t MaxMirrorRecord = 1 << 20;
};

std::string ReplicationPump::frameFor(const WalRecord &R) {
  return std::to_string(R.Lsn) + ":" + R.Payload;
}

bool ReplicationPump::followerWritable() const {
  return Follower.connected() && !Throttled;
}

void ReplicationPump::onPeerReset() {
  Follower.close();
  Backlog.clear();
}

void ReplicationPump::onMirrorFull() { Mirror.close(); }

void ReplicationPump::onHeartbeatTimer(bool Busy) {
  if (++MissedHeartbeats > 3)
    Follower.close();
  if (Follower.IsClosed() || Busy)
    return;
  Follower.send("heartbeat"); // OK: returns above once the follower is closed
}

void ReplicationPump::drain() {
  while (Follower.connected() && !Backlog.empty()) {
    const WalRecord &R = Backlog.front();
    if (R.Payload.empty()) {
      // A torn record means the follower's copy diverged: drop the link and
      // let the loop condition end the drain.
      Follower.close();
      continue;
    }
    Follower.send(frameFor(R)); // OK: loop condition re-checks connected()
    LastShippedLsn = R.Lsn;
    Backlog.pop_front();
  }
}

void ReplicationPump::finishEpoch(unsigned long Epoch, bool DiskPressure) {
  const std::string Marker = "epoch-end:" + std::to_string(Epoch);
  if (DiskPressure)
    onMirrorFull();
  const bool MirrorGone = Mirror.is_closed();
  if (!MirrorGone)
    Mirror.send(Marker); // OK: the stored query says the mirror is open
  if (Follower.state() == repl::LinkState::Closed)
    return;
  Follower.send(Marker); // OK: state() is Closed after close()
  Follower.flush();
}

std::size_t ReplicationPump::shipBatch(const std::vector<WalRecord> &Batch) {
  std::size_t Shipped = 0;
  for (const WalRecord &R : Batch) {
    if (R.Lsn <= LastShippedLsn)
      onPeerReset(); // the follower asked for a rewind: start over
    if (!followerWritable())
      break;
    Follower.send(frameFor(R)); // OK: followerWritable() checks connected()
    LastShippedLsn = R.Lsn;
    ++Shipped;
    if (R.Payload.size() > MaxMirrorRecord)
      onMirrorFull();
    if (!Mirror)
      continue;
    Mirror.send(frameFor(R)); // OK: operator bool is false once closed
  }
  if (Mirror.isOpen())
    Mirror.send("batch-end");
  return Shipped;
}

} // namespace storage
