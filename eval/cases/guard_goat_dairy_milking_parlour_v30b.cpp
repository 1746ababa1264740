// Goat dairy milking parlour: the yield of every stall is appended to a local
// WAL producer and shipped to the co-op's ledger over a replication channel.
// The ledger link is dropped when the bulk tank is full (the tanker takes over
// the reporting) and the WAL is closed at the end of the evening milking.
#include "replication.h"

#include <deque>
#include <string>
#include <vector>

namespace dairy {

struct StallYield {
  int stall;
  std::string goatTag;
  double litres;
};

std::string formatYield(const StallYield &y) {
  return std::to_string(y.stall) + "," + y.goatTag + "," + std::to_string(y.litres);
}

void recordYield(repl::WalProducer &wal, const StallYield &y, bool washCycle) {
  if (wal.is_closed() || washCycle)
    return;
  wal.send(formatYield(y)); // OK
}

void shipBatch(repl::ReplicationChannel &ledger, const std::vector<StallYield> &batch) {
  for (const StallYield &y : batch) {
    if (!ledger.connected())
      break;
    ledger.send(formatYield(y)); // OK
  }
}

void drainPending(repl::ReplicationChannel &ledger, std::deque<std::string> &pending) {
  while (!ledger.IsClosed() && !pending.empty()) {
    ledger.send(pending.front()); // OK
    pending.pop_front();
  }
}

void endMilking(repl::ReplicationChannel &ledger, double tankLitres, double tankCapacity,
                int goatsMilked) {
  const bool ledgerUp = ledger.state() == repl::LinkState::Open;
  if (tankLitres >= tankCapacity)
    ledger.close();
  if (ledgerUp)
    ledger.send("milking complete: " + std::to_string(goatsMilked) + " goats"); // BUG: use-after-close
}

void flushLedger(repl::ReplicationChannel &ledger) {
  if (ledger.state() == repl::LinkState::Closed)
    return;
  ledger.flush(); // OK
}

void washParlour(repl::WalProducer &wal, bool eveningMilking) {
  if (!wal)
    return;
  wal.send("wash start"); // OK
  if (eveningMilking)
    wal.close();
  wal.send("wash done"); // BUG: use-after-close
}

} // namespace dairy
