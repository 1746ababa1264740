// SalesTerminal: sells only into an open ledger; exports totals as CSV and
// closes the ledger at the end of the day. On a failed export write the CSV
// stream has already been closed by writeTotals().
#include "sales_terminal.h"

#include <cstdio>
#include <utility>

#include "report_util.h"

namespace liftops {

SalesTerminal::SalesTerminal(std::string id, std::shared_ptr<TicketLedger> ledger)
    : id_(std::move(id)), ledger_(std::move(ledger)) {}

Status SalesTerminal::sell(const Sale &sale) {
  if (!ledger_->isOpen())
    return Status::error(Errc::Closed, "ticket sales are closed for the day");
  return ledger_->append(sale); // OK: checked open; the ledger is closed on this thread only
}

Status SalesTerminal::exportTotals(const std::string &csvPath) {
  std::FILE *out = std::fopen(csvPath.c_str(), "w");
  if (!out)
    return Status::error(Errc::Io, "cannot create " + csvPath);
  if (!writeTotals(out, ledger_->totals())) {
    std::fclose(out); // BUG: double-close
    return Status::error(Errc::Io, "short write on " + csvPath);
  }
  std::fclose(out); // OK: the failure path above returned
  return Status::ok();
}

void SalesTerminal::endOfDay(const std::string &csvPath) {
  Status st = exportTotals(csvPath);
  if (!st.isOk())
    std::fprintf(stderr, "%s: %s\n", id_.c_str(), st.describe().c_str());
  ledger_->close();
}

} // namespace liftops
