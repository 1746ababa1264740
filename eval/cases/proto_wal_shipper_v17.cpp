// WAL shipper for a primary database node. Each replica has a
// repl::ReplicationChannel; ship() hands every WAL frame to a Scheduler
// thread pool, whose tasks send the frame to each replica. demote() drops a
// replica that fell too far behind, stop() tears the shipper down.
// ReplicationChannel::send() fails with "replication channel closed" after
// close(); Scheduler::submit() throws "scheduler is shut down" after
// shutdown(), and a second shutdown() is a no-op.
#include "replication.h"
#include "scheduler.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class WalShipper {
public:
  explicit WalShipper(unsigned Threads) : Pool(Threads) {}
  ~WalShipper() { stop(); }

  void addReplica(const std::string &Peer) {
    std::lock_guard<std::mutex> Lock(Mu);
    Replicas[Peer] = std::make_shared<repl::ReplicationChannel>(Peer);
  }

  void ship(const std::string &Frame) {
    std::vector<std::shared_ptr<repl::ReplicationChannel>> Targets;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      for (auto &Entry : Replicas)
        Targets.push_back(Entry.second);
    }
    for (auto &Channel : Targets) {
      Pool.submit([Channel, Frame] {
        Channel->send(Frame); // BUG: use-after-close #drain
      });
    }
  }

  // Marks a lagging replica as demoted. The channel is closed but, because a
  // re-sync may promote it again, it stays in the map; ship() does not check.
  void demote(const std::string &Peer) {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Replicas.find(Peer);
    if (It != Replicas.end())
      It->second->close();
  }

  void resync(const std::string &Peer, const std::vector<std::string> &Backlog) {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Replicas.find(Peer);
    if (It == Replicas.end())
      return;
    if (It->second->IsClosed())
      It->second = std::make_shared<repl::ReplicationChannel>(Peer);
    for (const std::string &Frame : Backlog)
      It->second->send(Frame); // OK: a closed channel was replaced just above
    It->second->flush();
  }

  // A promoted replica asks for the last checkpoint; the request can arrive
  // during shutdown, after the pool is gone.
  void onCheckpointRequest(const std::string &Peer, const std::string &Checkpoint) {
    std::shared_ptr<repl::ReplicationChannel> Channel;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      auto It = Replicas.find(Peer);
      if (It == Replicas.end())
        return;
      Channel = It->second;
    }
    Pool.submit([this, Channel, Checkpoint] { // SAME: ckpt
      std::lock_guard<std::mutex> Lock(Mu);
      if (!Channel->IsClosed())
        Channel->send(Checkpoint); // OK: checked under Mu, and every close happens under Mu
    });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mu);
      // Defect: channels are closed while frames are still queued in the
      // pool; shutdown() below runs the queued tasks against closed channels.
      for (auto &Entry : Replicas)
        if (!Entry.second->IsClosed())
          Entry.second->close(); // SAME: drain
    }
    Pool.shutdown(); // OK: idempotent, the destructor's call is a no-op
  }

private:
  Scheduler Pool;
  std::mutex Mu;
  std::map<std::string, std::shared_ptr<repl::ReplicationChannel>> Replicas;
};

int main() {
  WalShipper Shipper(2);
  Shipper.addReplica("replica-a:5433");
  Shipper.addReplica("replica-b:5433");
  for (int Lsn = 0; Lsn < 500; ++Lsn)
    Shipper.ship("frame@" + std::to_string(Lsn));
  Shipper.demote("replica-b:5433");
  Shipper.resync("replica-b:5433", {"frame@498", "frame@499"});
  Shipper.stop();
  Shipper.onCheckpointRequest("replica-a:5433", "ckpt@500"); // BUG: use-after-close #ckpt
  return 0;
}
