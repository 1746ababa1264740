// Cormorant-fishing rafts on a night river: each raft carries a lantern
// controller on a radio link, and the festival coordinator dims lanterns,
// reports catches and stands rafts down. The link state is checked in the
// usual shapes: null-or-closed early return, && guards, a state enum with
// continue, a stored bool, operator bool on the catch ledger, a while loop on
// !closed(), and a helper that returns false for a dead link. Two places get
// it wrong: return_to_jetty() checks the lead raft but signals the tail raft
// it has just stood down, and last_call() tests a bool captured before the
// hang_up().
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

enum class LinkState { Up, Degraded, Down };

class LanternLink {
 public:
  explicit LanternLink(std::string raft) : raft_(std::move(raft)) {}

  void signal(const std::string& cmd) {
    if (state_ == LinkState::Down) throw std::runtime_error("lantern link down: " + raft_);
    last_ = cmd;
  }
  void hang_up() {
    if (state_ == LinkState::Down) throw std::runtime_error("lantern link hung up twice: " + raft_);
    state_ = LinkState::Down;
  }
  bool closed() const { return state_ == LinkState::Down; }
  LinkState state() const { return state_; }
  void degrade() { if (state_ == LinkState::Up) state_ = LinkState::Degraded; }

 private:
  std::string raft_;
  std::string last_;
  LinkState state_ = LinkState::Up;
};

class CatchLedger {
 public:
  void add(int fish) {
    if (sealed_) throw std::runtime_error("catch ledger sealed");
    total_ += fish;
  }
  void seal() { sealed_ = true; }
  explicit operator bool() const { return !sealed_; }

 private:
  int total_ = 0;
  bool sealed_ = false;
};

bool link_ready(const LanternLink& link) {
  if (link.closed()) return false;
  return link.state() == LinkState::Up;
}

void dim(const std::shared_ptr<LanternLink>& link) {
  if (!link || link->closed()) return;
  link->signal("dim");  // OK: null-or-closed early return above
}

void brighten_fleet(std::vector<LanternLink>& rafts) {
  for (auto& r : rafts) {
    if (r.state() != LinkState::Up) continue;
    r.signal("bright");  // OK: only links in state Up
  }
}

void report_catch(LanternLink& link, CatchLedger& ledger, int fish) {
  if (ledger) ledger.add(fish);  // OK: operator bool is false once sealed
  bool live = !link.closed();
  if (!live) return;
  link.signal("catch " + std::to_string(fish));  // OK: the bool is taken after any close
}

void pace_cormorants(LanternLink& link, int dives) {
  while (!link.closed()) {
    link.signal("dive");  // OK: loop condition re-checked after every hang_up
    if (--dives <= 0) link.hang_up();
  }
}

void hail(LanternLink& link) {
  if (!link_ready(link)) return;
  link.signal("hail");  // OK: helper returns false for a closed link
}

void return_to_jetty(LanternLink& lead, LanternLink& tail) {
  tail.hang_up();
  if (lead.state() == LinkState::Up && !lead.closed()) lead.signal("home");  // OK: && guard on lead
  if (!lead.closed()) tail.signal("follow");  // BUG: use-after-close
}

void last_call(LanternLink& link, CatchLedger& ledger) {
  bool was_up = !link.closed();
  ledger.seal();
  link.hang_up();
  if (was_up) link.signal("last call");  // BUG: use-after-close
  if (ledger) ledger.add(1);  // OK: sealed ledger converts to false
}

void festival_night(std::vector<LanternLink>& rafts, CatchLedger& ledger) {
  auto flagship = std::make_shared<LanternLink>("flagship");
  dim(flagship);
  flagship->hang_up();
  dim(flagship);  // OK: dim() returns early for a closed link
  brighten_fleet(rafts);
  if (rafts.size() >= 3) {
    rafts[1].degrade();
    hail(rafts[1]);  // OK: degraded is not Up, hail() returns early
    report_catch(rafts[0], ledger, 12);
    pace_cormorants(rafts[0], 3);
    report_catch(rafts[0], ledger, 4);  // OK: link closed, report_catch returns before signal
    return_to_jetty(rafts[1], rafts[2]);
  }
  LanternLink sweep_boat("sweep-boat");
  last_call(sweep_boat, ledger);
}
