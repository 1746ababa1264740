// Typhoon shelter headcount relay. Each evacuation shelter reports arrivals
// and headcounts to the regional emergency operations centre over a
// replication channel and journals every report to a local WAL. Either side
// can be closed at any time (the centre stands the shelter down, the journal
// disk is swapped at shift change); every send below is behind a check of the
// object it sends on, taken after the last point where that object can be
// closed, so nothing is sent on a closed channel or journal.
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "replication.h"

class ShelterRelay {
public:
  ShelterRelay(std::string shelterId, const std::string &centre)
      : shelterId_(std::move(shelterId)), link_(centre) {}

  void reportHeadcount(int people, bool standDown) {
    if (standDown && !link_.IsClosed())
      link_.close();
    if (link_.IsClosed() || busy_) {
      backlog_.push_back(frame("COUNT", people));
      return;
    }
    link_.send(frame("COUNT", people)); // OK
  }

  void drainBacklog() {
    busy_ = true;
    while (!link_.IsClosed()) {
      if (backlog_.empty())
        break;
      std::string next = backlog_.front();
      backlog_.pop_front();
      if (next.rfind("STANDDOWN", 0) == 0) {
        link_.close();
        continue;
      }
      link_.send(next); // OK
    }
    busy_ = false;
  }

  void heartbeat(bool centreHungUp) {
    if (centreHungUp && link_.state() != repl::LinkState::Closed)
      link_.close();
    switch (link_.state()) {
    case repl::LinkState::Open:
      link_.send(frame("HB", 0)); // OK
      break;
    case repl::LinkState::Connecting:
    case repl::LinkState::Draining:
      break;
    case repl::LinkState::Closed:
      ++missedHeartbeats_;
      break;
    }
  }

  void journal(const std::string &entry, bool shiftChange) {
    if (shiftChange && wal_)
      wal_.close();
    if (!wal_) {
      unjournaled_.push_back(entry);
      return;
    }
    wal_.send(entry); // OK
  }

  void journalArrivals(const std::vector<std::string> &names, bool diskFull) {
    if (diskFull && !wal_.is_closed())
      wal_.close();
    const bool journalOpen = wal_.isOpen();
    for (const std::string &name : names) {
      if (!journalOpen) {
        unjournaled_.push_back("ARRIVAL " + name);
        continue;
      }
      wal_.send("ARRIVAL " + name); // OK
    }
  }

  void closeShift(bool handOver) {
    if (!handOver && wal_.isOpen())
      wal_.close();
    if (wal_.is_closed())
      return;
    wal_.send("SHIFT HANDOVER " + shelterId_); // OK
    if (!link_.connected())
      return;
    link_.flush(); // OK
  }

  void standDown() {
    if (!link_.IsClosed()) {
      link_.send(frame("STANDDOWN", 0));
      link_.close();
    }
    if (wal_)
      wal_.close(); // OK
  }

private:
  std::string frame(const char *kind, int value) const {
    return std::string(kind) + " " + shelterId_ + " " + std::to_string(value);
  }

  std::string shelterId_;
  repl::ReplicationChannel link_;
  repl::WalProducer wal_;
  std::deque<std::string> backlog_;
  std::vector<std::string> unjournaled_;
  int missedHeartbeats_ = 0;
  bool busy_ = false;
};
