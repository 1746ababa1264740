// TicketLedger: the append-only lift-ticket sales ledger (one FILE* per
// day). append() after close() throws; close() throws when already closed;
// totals() reads the in-memory tally and is valid at any time.
#pragma once
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "status.h"

namespace liftops {

struct Sale {
  std::string passType;
  long cents = 0;
  std::string terminal;
};

struct SalesTotals {
  int count = 0;
  long cents = 0;
  std::map<std::string, int> byType;
};

class TicketLedger {
public:
  static Result<std::shared_ptr<TicketLedger>> open(const std::string &path);
  TicketLedger(std::FILE *fp, std::string path);
  ~TicketLedger();
  TicketLedger(const TicketLedger &) = delete;
  TicketLedger &operator=(const TicketLedger &) = delete;

  Status append(const Sale &sale);
  SalesTotals totals() const;
  void close();
  bool isOpen() const;

private:
  mutable std::mutex mu_;
  std::FILE *fp_;
  std::string path_;
  SalesTotals totals_;
};

} // namespace liftops
