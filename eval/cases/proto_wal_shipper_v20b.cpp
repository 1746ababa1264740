// WAL shipping from a primary database to its replicas. There is one
// repl::ReplicationChannel per replica (replication.h: send() on a closed
// channel fails with "replication channel closed"); frames are sent from the
// threads of a Scheduler (scheduler.h: wait() blocks until every submitted
// task has finished). An AckListener delivers replica acknowledgements to a
// registered callback, which sends the next backlog frame to that replica.
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "replication.h"
#include "scheduler.h"

class WalShipper {
public:
  WalShipper(Scheduler &sched, const std::vector<std::string> &peers);
  void ship(const std::string &frame);
  void queueBacklog(const std::string &peer, const std::string &frame);
  void detach(const std::string &peer);
  void fence(const std::string &peer, long term);
  void onAck(const std::string &peer, long lsn);
  void stop();

private:
  Scheduler &sched_;
  std::map<std::string, std::shared_ptr<repl::ReplicationChannel>> channels_;
  std::map<std::string, std::deque<std::string>> backlog_;
};

WalShipper::WalShipper(Scheduler &sched, const std::vector<std::string> &peers)
    : sched_(sched) {
  for (const std::string &p : peers)
    channels_.emplace(p, std::make_shared<repl::ReplicationChannel>(p));
}

void WalShipper::ship(const std::string &frame) {
  for (auto &entry : channels_) {
    std::shared_ptr<repl::ReplicationChannel> ch = entry.second;
    sched_.submit([ch, frame] {
      ch->send(frame); // OK: every close below waits for the queued sends first
    });
  }
}

void WalShipper::queueBacklog(const std::string &peer, const std::string &frame) {
  backlog_[peer].push_back(frame);
}

// A replica is removed from the set: pending frames go out, then the link closes.
void WalShipper::detach(const std::string &peer) {
  std::shared_ptr<repl::ReplicationChannel> ch = channels_.at(peer);
  sched_.wait();
  ch->flush();
  ch->close();
  channels_.erase(peer);
}

// Failover: the old primary's replica link is fenced with the new term.
void WalShipper::fence(const std::string &peer, long term) {
  std::shared_ptr<repl::ReplicationChannel> ch = channels_.at(peer);
  sched_.wait();
  sched_.submit([ch, term] {
    ch->send("FENCE term=" + std::to_string(term)); // BUG: use-after-close #fence
  });
  ch->close(); // SAME: fence
  channels_.erase(peer);
}

void WalShipper::onAck(const std::string &peer, long lsn) {
  auto it = channels_.find(peer);
  if (it == channels_.end())
    return;
  std::deque<std::string> &queue = backlog_[peer];
  if (queue.empty())
    return;
  std::cout << peer << " acked lsn " << lsn << "\n";
  it->second->send(queue.front()); // SAME: ack
  queue.pop_front();
}

// Channels are closed but kept in the map for the replication status page.
void WalShipper::stop() {
  sched_.wait();
  for (auto &entry : channels_)
    if (!entry.second->IsClosed())
      entry.second->close(); // OK: guarded by IsClosed(), each channel closed once
}

class AckListener {
public:
  void setHandler(std::function<void(const std::string &, long)> h) { handler_ = std::move(h); }
  void deliver(const std::string &peer, long lsn) {
    if (handler_)
      handler_(peer, lsn);
  }

private:
  std::function<void(const std::string &, long)> handler_;
};

int main() {
  Scheduler sched(3);
  WalShipper shipper(sched, {"replica-1", "replica-2", "replica-3"});
  AckListener acks;
  acks.setHandler([&shipper](const std::string &peer, long lsn) { shipper.onAck(peer, lsn); });

  shipper.ship("WAL 0/16B3748");
  shipper.queueBacklog("replica-1", "WAL 0/16B3790");
  shipper.queueBacklog("replica-1", "WAL 0/16B37D8");
  acks.deliver("replica-1", 0x16B3748); // OK: replica-1 is open, nothing closes it concurrently
  shipper.detach("replica-3");
  acks.deliver("replica-3", 0x16B3748); // OK: onAck() ignores a detached replica
  shipper.fence("replica-2", 7);
  shipper.ship("WAL 0/16B3820"); // OK: only replica-1 is still in the map

  shipper.stop();
  acks.deliver("replica-1", 0x16B3790); // BUG: use-after-close #ack
  sched.shutdown();
  return 0;
}
