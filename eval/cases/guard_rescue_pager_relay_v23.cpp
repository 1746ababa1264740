// Mountain rescue: the base station's pager relay keys team radios for each
// call-out, replicates the call-out to the valley station over a
// repl::ReplicationChannel and journals it to a repl::WalProducer (send() on
// either fails once it is closed).  After three radio faults the relay
// assumes the mast is down and closes the valley link.  Defects: dispatch()
// tests the valley link before keying the radios (which may close it) and
// sends on the stale answer; journalOnly() notices a closed journal but
// falls through and sends anyway.
#include "replication.h"

#include <cstdio>
#include <deque>
#include <set>
#include <string>
#include <vector>

struct Callout {
  std::string id;
  std::string location;
  int severity;
  std::vector<std::string> teams;
};

class TeamRadio {
public:
  explicit TeamRadio(std::set<std::string> deadZones) : deadZones_(std::move(deadZones)) {}
  bool key(const std::string &team) { return deadZones_.count(team) == 0; }

private:
  std::set<std::string> deadZones_;
};

static std::string encode(const Callout &c) {
  return c.id + "|" + c.location + "|" + std::to_string(c.severity);
}

class PagerRelay {
public:
  PagerRelay(const std::string &valleyPeer, repl::WalProducer &journal, TeamRadio &radio)
      : valley_(valleyPeer), journal_(journal), radio_(radio) {}

  void onRadioFault(const std::string &why) {
    faults_.push_back(why);
    std::fprintf(stderr, "radio fault: %s\n", why.c_str());
    if (faults_.size() >= 3)
      valley_.close();
  }

  void dispatch(const Callout &c) {
    const bool valleyUp = valley_.state() == repl::LinkState::Open;
    if (!valleyUp)
      backlog_.push_back(c);
    for (const auto &team : c.teams)
      if (!radio_.key(team))
        onRadioFault("no carrier for " + team);
    if (!journal_.is_closed())
      journal_.send(encode(c)); // OK: guarded by is_closed()
    if (valleyUp)
      valley_.send(encode(c)); // BUG: use-after-close
  }

  void resendBacklog() {
    while (!backlog_.empty() && !valley_.IsClosed()) {
      valley_.send(encode(backlog_.front())); // OK: checked on every iteration
      backlog_.pop_front();
    }
  }

  void statusPing() {
    if (!valley_.connected())
      return;
    valley_.send("PING base"); // OK: early return when the link is down
    valley_.flush(); // OK: inside the guarded block
  }

  void journalOnly(const Callout &c) {
    if (journal_.is_closed())
      std::fprintf(stderr, "journal closed, call-out %s not journaled\n", c.id.c_str());
    journal_.send(encode(c)); // SAME: journal_late
  }

  void standDown() {
    if (journal_.isOpen())
      journal_.close();
    std::printf("stand down after %zu faults\n", faults_.size());
  }

private:
  repl::ReplicationChannel valley_;
  repl::WalProducer &journal_;
  TeamRadio &radio_;
  std::vector<std::string> faults_;
  std::deque<Callout> backlog_;
};

int main() {
  repl::WalProducer journal;
  TeamRadio radio({"Team Kestrel", "Team Corrie", "Dog Unit"});
  PagerRelay relay("valley-station.rescue.local:5500", journal, radio);

  relay.dispatch({"C-1041", "Ben Ruadh north gully", 3, {"Team Alder"}});
  relay.statusPing();
  relay.resendBacklog();
  relay.dispatch({"C-1042", "Loch Tuath shore path", 4,
                  {"Team Kestrel", "Team Corrie", "Dog Unit"}});
  relay.resendBacklog();
  relay.standDown();
  relay.journalOnly({"C-1043", "Coire Fionn", 2, {}}); // BUG: use-after-close #journal_late
  return 0;
}
