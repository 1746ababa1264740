// Clock tower controller. The striking train reports every chime to the town
// hall over a replication channel and journals it through a WAL producer.
// Either link may be closed by the tower's own maintenance logic (midnight
// service, a jammed hammer). Negative case: every send is behind a check of
// the link's current state made after the last place that could close it.
#include "replication.h"

#include <cstdio>
#include <string>
#include <vector>

namespace tower {

class ChimeUplink {
public:
  ChimeUplink(repl::ReplicationChannel &hall, repl::WalProducer &journal)
      : hall_(hall), journal_(journal) {}

  void strike(int hour, bool hammerJammed) {
    if (hammerJammed)
      hall_.close();
    if (hall_.IsClosed() || muted_)
      return;
    hall_.send("chime " + std::to_string(hour)); // OK
  }

  void journalStrike(int hour) {
    if (hour == 0)
      journal_.close();
    if (!journal_)
      return;
    journal_.send("strike " + std::to_string(hour)); // OK
  }

  void replayQuarterHours(const std::vector<int> &quarters) {
    for (int q : quarters) {
      const bool gone = journal_.is_closed();
      if (gone)
        break;
      journal_.send("quarter " + std::to_string(q)); // OK
      if (q == 3)
        journal_.close();
    }
  }

  void pumpHallQueue(std::vector<std::string> &queue) {
    while (!hall_.IsClosed() && !queue.empty()) {
      const std::string frame = queue.back();
      queue.pop_back();
      if (frame == "service") {
        hall_.close();
        continue;
      }
      hall_.send(frame); // OK
    }
  }

  void reportWinding(int turns) {
    if (turns < 0)
      hall_.close();
    switch (hall_.state()) {
    case repl::LinkState::Open:
      hall_.send("wound " + std::to_string(turns)); // OK
      break;
    case repl::LinkState::Connecting:
    case repl::LinkState::Draining:
      pending_.push_back(turns);
      break;
    case repl::LinkState::Closed:
      std::puts("hall link closed, winding not reported");
      break;
    }
  }

  void sealNight() {
    if (journal_.isOpen()) {
      journal_.send("night seal");
      journal_.close();
    }
    if (hall_.connected())
      hall_.flush();
    if (!hall_.connected())
      return;
    hall_.send("night sealed"); // OK
  }

  void mute() { muted_ = true; }

private:
  repl::ReplicationChannel &hall_;
  repl::WalProducer &journal_;
  std::vector<int> pending_;
  bool muted_ = false;
};

void midnightService(repl::ReplicationChannel &hall, repl::WalProducer &journal) {
  journal.close();
  if (journal.isOpen())
    journal.send("service begin"); // OK
  if (!hall.IsClosed())
    hall.send("service begin");
}

} // namespace tower
