// Mahjong den score server: each automatic table is reached through a
// TableTerminal kept in an unordered_map by table name; finished hands wait in
// a deque of pending uploads. close_table() (a helper in the den's admin code)
// hangs up one terminal, and last_call() then announces to the table it just
// closed. closing_time() hangs up every table in a loop and afterwards flushes
// the pending deque, which still names the hung-up terminals by key. Sending
// to the other tables, re-seating a table with a fresh terminal, and skipping
// hung-up tables are fine.
#include <deque>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

class TableTerminal {
 public:
  explicit TableTerminal(std::string table) : table_(std::move(table)) {}
  void send(const std::string& msg) {
    if (hung_up_) throw std::runtime_error("terminal at " + table_ + " hung up");
    last_ = msg;
  }
  void hang_up() {
    if (hung_up_) throw std::runtime_error("terminal at " + table_ + " already hung up");
    hung_up_ = true;
  }
  bool alive() const { return !hung_up_; }

 private:
  std::string table_;
  std::string last_;
  bool hung_up_ = false;
};

using TableMap = std::unordered_map<std::string, TableTerminal>;

struct PendingHand {
  std::string table;
  std::string result;
};

static void close_table(TableMap& tables, const std::string& name) {
  auto it = tables.find(name);
  if (it != tables.end() && it->second.alive()) it->second.hang_up();
}

static void announce(TableMap& tables, const std::string& name, const std::string& msg) {
  tables.at(name).send(msg);  // SAME: lastcall
}

class MahjongDen {
 public:
  void seat(const std::string& name) { tables_.emplace(name, TableTerminal(name)); }

  void record_hand(const std::string& name, const std::string& result) {
    if (tables_.count(name) == 0) throw std::out_of_range("no table " + name);
    pending_.push_back(PendingHand{name, result});
  }

  void last_call(const std::string& leaving, const std::string& staying) {
    if (leaving == staying) throw std::invalid_argument("two different tables expected");
    if (!tables_.at(leaving).alive() || !tables_.at(staying).alive()) return;
    close_table(tables_, leaving);
    announce(tables_, staying, "last hand, please");  // OK: the other table
    announce(tables_, leaving, "thank you for playing");  // BUG: use-after-close #lastcall
  }

  void reseat(const std::string& name) {
    close_table(tables_, name);
    tables_.erase(name);
    tables_.emplace(name, TableTerminal(name + " (new terminal)"));
    tables_.at(name).send("welcome");  // OK: replaced by a fresh terminal
  }

  void broadcast(const std::string& msg) {
    for (auto& [name, term] : tables_) {
      if (!term.alive()) continue;
      term.send(msg);  // OK: hung-up tables skipped
    }
  }

  void closing_time() {
    broadcast("den closes in five minutes");
    for (auto& [name, term] : tables_) {
      if (term.alive()) term.hang_up();
    }
    while (!pending_.empty()) {
      PendingHand h = pending_.front();
      pending_.pop_front();
      tables_.at(h.table).send("final: " + h.result);  // BUG: use-after-close
    }
  }

  void flush_pending() {
    while (!pending_.empty()) {
      PendingHand h = pending_.front();
      pending_.pop_front();
      TableTerminal& term = tables_.at(h.table);
      if (term.alive()) term.send("hand: " + h.result);  // OK: checked alive
    }
  }

 private:
  TableMap tables_;
  std::deque<PendingHand> pending_;
};

void evening() {
  MahjongDen den;
  den.seat("East Wind");
  den.seat("South Wind");
  den.seat("Red Dragon");
  den.record_hand("East Wind", "pung of dragons, 24 fan");
  den.flush_pending();
  den.reseat("Red Dragon");
  den.broadcast("tea is served");
  den.record_hand("Red Dragon", "all chows, 8 fan");
  den.closing_time();
}

void late_players() {
  MahjongDen den;
  den.seat("East Wind");
  den.seat("South Wind");
  den.last_call("South Wind", "East Wind");
}
