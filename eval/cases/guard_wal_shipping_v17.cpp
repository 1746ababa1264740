// WAL shipping loop of a replica manager: pushes WAL records through a
// repl::WalProducer and forwards them to followers over
// repl::ReplicationChannel links, skipping links that are closed or still
// connecting. Everything runs on the manager's single event-loop thread.
// This file is correct: every send/flush is dominated by a check of the same
// object's closed state (is_closed(), isOpen(), IsClosed(), operator bool, or
// state() == LinkState::Open) with no close in between, closes happen only on
// paths that return or break right after, and each object is closed at most
// once because the close sites are themselves guarded by those checks.
// WalProducer's explicit operator bool is true while the producer is open.
#include "replication.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace {

bool linkUsable(const repl::ReplicationChannel &link) {
  return !link.IsClosed() && link.state() == repl::LinkState::Open;
}

} // namespace

class WalShipper {
public:
  WalShipper(repl::WalProducer &wal, std::vector<std::unique_ptr<repl::ReplicationChannel>> links)
      : wal_(wal), links_(std::move(links)) {}

  std::size_t ship(const std::vector<std::string> &records) {
    if (wal_.is_closed() || records.empty())
      return 0;
    for (const std::string &r : records)
      wal_.send(r); // OK: early return above when the producer is closed
    std::size_t delivered = 0;
    for (auto &link : links_) {
      if (!linkUsable(*link))
        continue;
      for (const std::string &r : records)
        link->send(r); // OK: linkUsable() checked IsClosed() for this link
      ++delivered;
    }
    return delivered;
  }

  // Drops a follower that fell too far behind.
  void dropLagging(std::size_t index) {
    if (index >= links_.size())
      return;
    repl::ReplicationChannel &link = *links_[index];
    if (link.IsClosed())
      return;
    link.send("BYE lagging"); // OK: checked just above
    link.close();
  }

  // Sends a keep-alive on links that are open; draining links get a flush.
  void keepAlive() {
    for (auto &link : links_) {
      const repl::LinkState st = link->state();
      if (st == repl::LinkState::Open) {
        link->send("KA"); // OK: state() == Open
      } else if (st == repl::LinkState::Draining) {
        link->flush(); // OK: a draining link is not closed yet
        link->close();
      }
    }
  }

  void rollSegment(const std::string &segmentName) {
    if (!wal_)
      return;
    wal_.send("ROLL " + segmentName); // OK: operator bool is true while open
  }

  void stop() {
    for (auto &link : links_) {
      if (link->IsClosed())
        continue;
      link->flush(); // OK: skipped when closed
      link->close(); // OK: closed at most once, guarded by IsClosed()
    }
    if (wal_.isOpen())
      wal_.close(); // OK: guarded by isOpen()
  }

private:
  repl::WalProducer &wal_;
  std::vector<std::unique_ptr<repl::ReplicationChannel>> links_;
};

void shipOnce(repl::WalProducer &wal, const std::vector<std::string> &records) {
  const bool open = wal.isOpen();
  if (!open)
    return;
  for (const std::string &r : records)
    wal.send(r); // OK: nothing between the stored query and this loop closes wal
}
