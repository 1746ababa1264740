// TicketLedger: one line per sale. append() refuses a closed ledger,
// close() refuses to run twice, totals() reads memory only. The destructor
// closes only an open ledger.
#include "ticket_ledger.h"

#include <stdexcept>
#include <utility>

namespace liftops {

Result<std::shared_ptr<TicketLedger>> TicketLedger::open(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return Status::error(Errc::Io, "cannot open ledger " + path);
  return std::make_shared<TicketLedger>(fp, path);
}

TicketLedger::TicketLedger(std::FILE *fp, std::string path) : fp_(fp), path_(std::move(path)) {}

TicketLedger::~TicketLedger() {
  if (isOpen())
    close(); // OK: only an open ledger
}

Status TicketLedger::append(const Sale &sale) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_)
    throw std::runtime_error("ledger " + path_ + " is closed, sale not recorded");
  if (std::fprintf(fp_, "%s,%ld,%s\n", sale.passType.c_str(), sale.cents,
                   sale.terminal.c_str()) < 0)
    return Status::error(Errc::Io, "ledger write failed");
  ++totals_.count;
  totals_.cents += sale.cents;
  ++totals_.byType[sale.passType];
  return Status::ok();
}

SalesTotals TicketLedger::totals() const {
  std::lock_guard<std::mutex> lock(mu_);
  return totals_;
}

void TicketLedger::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fp_)
    throw std::logic_error("ledger " + path_ + " closed twice");
  std::fflush(fp_);
  std::fclose(fp_);
  fp_ = nullptr;
}

bool TicketLedger::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fp_ != nullptr;
}

} // namespace liftops
