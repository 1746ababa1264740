// SalesTerminal: a ticket window. Sells into the shared ledger and exports
// the day's totals at closing.
#pragma once
#include <memory>
#include <string>

#include "status.h"
#include "ticket_ledger.h"

namespace liftops {

class SalesTerminal {
public:
  SalesTerminal(std::string id, std::shared_ptr<TicketLedger> ledger);
  Status sell(const Sale &sale);
  Status exportTotals(const std::string &csvPath);
  void endOfDay(const std::string &csvPath);

private:
  std::string id_;
  std::shared_ptr<TicketLedger> ledger_;
};

} // namespace liftops
