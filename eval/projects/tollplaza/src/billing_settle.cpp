// End-of-shift settlement and the day's reconciliation: the shift totals are
// settled on a dedicated gateway session; transactions the gateway never
// acknowledged are charged again in batches or, at the end of the day, by
// reconcileDay().
#include "billing.h"

#include <cstdio>
#include <utility>

namespace toll {

SettlementRun::SettlementRun(std::string endpoint) : session_(std::move(endpoint)) {}

SettlementRun::~SettlementRun() {
  if (!finished_)
    session_.close(); // BUG: double-close
}

Result SettlementRun::run(const ShiftTotals &totals) {
  Result r = session_.open();
  if (!r.ok())
    return r;
  try {
    session_.settle(totals);
    session_.close();
    finished_ = true;
  } catch (const BillingError &e) {
    session_.close(); // OK: close() is the last call of the try, so settle() threw before it ran
    return Result::failure(std::string("settlement refused: ") + e.what());
  }
  return Result::success();
}

Result chargeBatch(const std::string &endpoint, const std::string &token, const std::vector<Transaction> &batch) {
  BillingSession session(endpoint);
  Result r = session.open();
  if (!r.ok())
    return r;
  r = session.authenticate(token);
  if (!r.ok())
    return r;
  for (const Transaction &tx : batch) {
    r = session.charge(tx.account, tx.cents); // OK: authenticate() closed the session only when it failed, and we returned
    if (!r.ok())
      break;
  }
  session.close();
  return r; // OK: ~BillingSession closes only a session that is still open
}

Result reconcileDay(const std::string &endpoint, const std::string &token, const std::vector<Transaction> &unpaid) {
  BillingSession session(endpoint);
  Result r = session.open();
  if (!r.ok())
    return r;
  r = session.authenticate(token);
  if (!r.ok())
    std::fprintf(stderr, "reconcile: %s; charging what we can\n", r.error().c_str());
  std::size_t charged = 0;
  for (const Transaction &tx : unpaid) {
    Result c = session.charge(tx.account, tx.cents); // BUG: use-after-close
    if (c.ok())
      ++charged;
  }
  if (session.isOpen())
    session.close();
  if (charged != unpaid.size())
    return Result::failure("reconcile: " + std::to_string(unpaid.size() - charged) + " transactions still unpaid");
  return Result::success();
}

} // namespace toll
