// Failover coordinator of a replicated log: it keeps a primary and a standby
// repl::ReplicationChannel (send() on a closed channel fails with
// "replication channel closed"). Heartbeats and catch-up guard on IsClosed(),
// connected() and state(). promoteStandby() closes the primary and swaps the
// slots, then sends the DEMOTED frame through standby_, which now holds the
// closed old primary; sendBarrier() logs that the standby is closed but still
// sends to it.
#include "replication.h"

#include <cstdint>
#include <deque>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

class FailoverCoordinator {
public:
  FailoverCoordinator(const std::string &primary, const std::string &standby)
      : primary_(std::make_unique<repl::ReplicationChannel>(primary)),
        standby_(std::make_unique<repl::ReplicationChannel>(standby)) {}

  void heartbeat();
  void catchUp(std::deque<std::string> &backlog);
  bool promoteStandby();
  void sendBarrier(const std::string &id);
  void retire(const std::string &reason);

private:
  std::unique_ptr<repl::ReplicationChannel> primary_;
  std::unique_ptr<repl::ReplicationChannel> standby_;
  std::uint64_t epoch_ = 1;
};

void FailoverCoordinator::heartbeat() {
  if (primary_->IsClosed())
    return;
  primary_->send("HB " + std::to_string(epoch_)); // OK: IsClosed() checked above
  if (standby_->connected())
    standby_->send("HB " + std::to_string(epoch_));
}

void FailoverCoordinator::catchUp(std::deque<std::string> &backlog) {
  while (standby_->connected() && !backlog.empty()) {
    standby_->send(backlog.front()); // OK: loop condition checks connected()
    backlog.pop_front();
  }
  if (standby_->state() == repl::LinkState::Closed)
    return;
  standby_->flush(); // OK: returned above when closed
}

bool FailoverCoordinator::promoteStandby() {
  if (!standby_->connected())
    return false;
  primary_->close();
  ++epoch_;
  std::swap(primary_, standby_);
  primary_->send("PROMOTE " + std::to_string(epoch_)); // OK: now the promoted standby
  standby_->send("DEMOTED " + std::to_string(epoch_)); // BUG: use-after-close
  return true;
}

void FailoverCoordinator::sendBarrier(const std::string &id) {
  if (standby_->IsClosed())
    std::cerr << "failover: standby closed, barrier " << id << " may lag\n";
  primary_->send("BARRIER " + id);
  standby_->send("BARRIER " + id); // BUG: use-after-close
}

void FailoverCoordinator::retire(const std::string &reason) {
  if (primary_->IsClosed())
    return;
  primary_->send("BYE " + reason);
  primary_->close();
  if (!standby_->IsClosed())
    standby_->send("PRIMARY-GONE " + reason); // OK: different channel, guarded
}

int runFailoverDrill(std::deque<std::string> backlog) {
  FailoverCoordinator coord("db-a.internal:7400", "db-b.internal:7400");
  coord.heartbeat();
  coord.catchUp(backlog);
  try {
    if (coord.promoteStandby())
      std::cerr << "failover: standby promoted\n";
  } catch (const std::exception &e) {
    std::cerr << "failover: promotion: " << e.what() << '\n';
  }
  coord.sendBarrier("drill-1");
  coord.retire("drill finished");
  return 0;
}
