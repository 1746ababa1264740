// Auction house: settling a lot appends to the sale ledger through stdio
// (guarded by a ScopeExit that fcloses it), notifies underbidders over a
// BidderChannel from tasks on a Scheduler (scheduler.h), and runs the
// settlement callbacks that the clerk registered with onSettled().
// BidderChannel is thread-safe; notify() throws std::runtime_error once
// close() was called; close() is idempotent.  Defects: settleLot() fcloses
// the ledger explicitly and the ScopeExit closes it again; the floor sale
// closes its channel while notification tasks may still be running; a
// consignor callback runs after the online sale's channel was closed.
#include "scheduler.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename F>
class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_)
      f_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F f_;
  bool active_ = true;
};
template <typename F>
ScopeExit<F> makeScopeExit(F f) { return ScopeExit<F>(std::move(f)); }

class BidderChannel {
public:
  explicit BidderChannel(std::string room) : room_(std::move(room)) {}
  void notify(const std::string &bidder, const std::string &text) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("bidder channel closed: " + room_);
    sent_.push_back(bidder + ": " + text);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }

private:
  std::string room_;
  std::mutex mu_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

struct Lot {
  int id;
  double hammer;
  double reserve;
  std::string buyer;
  std::vector<std::string> underbidders;
};

bool settleLot(const Lot &lot, const std::string &ledgerPath) {
  FILE *ledger = std::fopen(ledgerPath.c_str(), "a");
  if (!ledger)
    return false;
  auto closeLedger = makeScopeExit([ledger] {
    std::fclose(ledger); // SAME: ledger_twice
  });
  std::fprintf(ledger, "LOT %d hammer=%.2f buyer=%s\n", lot.id, lot.hammer, lot.buyer.c_str());
  if (lot.hammer < lot.reserve) {
    std::fprintf(ledger, "  passed: below reserve\n");
    return false;
  }
  std::fprintf(ledger, "  premium=%.2f\n", lot.hammer * 0.25);
  if (std::fclose(ledger) != 0) // the entry must be on disk before invoicing
    return false;
  std::printf("invoice issued for lot %d\n", lot.id);
  return true;
} // BUG: double-close #ledger_twice

void recordWithdrawal(int lotId, const std::string &ledgerPath) {
  FILE *ledger = std::fopen(ledgerPath.c_str(), "a");
  if (!ledger)
    return;
  auto closeLedger = makeScopeExit([ledger] { std::fclose(ledger); });
  std::fprintf(ledger, "LOT %d withdrawn by consignor\n", lotId);
  closeLedger.dismiss();
  std::fclose(ledger);
} // OK: the guard was dismissed before the explicit close

void announceResult(Scheduler &sched, std::shared_ptr<BidderChannel> ch, const Lot &lot) {
  for (const auto &bidder : lot.underbidders)
    sched.submit([ch, bidder, id = lot.id] {
      ch->notify(bidder, "lot " + std::to_string(id) + " sold"); // BUG: use-after-close #notify_race
    });
}

class Settlement {
public:
  void onSettled(std::function<void()> fn) { callbacks_.push_back(std::move(fn)); }
  void complete() {
    for (auto &fn : callbacks_)
      fn();
    callbacks_.clear();
  }

private:
  std::vector<std::function<void()>> callbacks_;
};

int main() {
  const std::string ledgerPath = "/srv/auction/sale_0611_ledger.txt";
  Scheduler sched(4);

  auto floor = std::make_shared<BidderChannel>("saleroom floor");
  Lot vase{117, 8400.0, 6000.0, "paddle 212", {"paddle 045", "phone 3", "paddle 310"}};
  settleLot(vase, ledgerPath);
  announceResult(sched, floor, vase);
  floor->close(); // SAME: notify_race

  auto online = std::make_shared<BidderChannel>("online bidding");
  Lot clock{118, 2300.0, 2500.0, "web 88", {"web 17"}};
  settleLot(clock, ledgerPath);
  recordWithdrawal(119, ledgerPath);
  Settlement settlement;
  settlement.onSettled([online] {
    online->notify("consignor 0098", "proceeds released for lot 118"); // BUG: use-after-close
  });
  announceResult(sched, online, clock);
  sched.wait();
  online->close(); // OK: every notification task has finished
  settlement.complete();
  sched.shutdown();
  return 0;
}
