// BillingPool: a fixed number of authenticated sessions used round-robin.
// A session whose charge fails in transport is closed and its slot refilled
// with a fresh session; declines are returned to the caller as they are.
// Correct: closed sessions are skipped, a replaced slot holds a new session,
// and closeAll() closes only open sessions (a second close() would throw).
#include "billing.h"

#include <utility>

namespace toll {

BillingPool::BillingPool(std::string endpoint, std::string token, std::size_t size)
    : endpoint_(std::move(endpoint)), token_(std::move(token)), size_(size) {}

Result BillingPool::fill() {
  sessions_.clear();
  for (std::size_t i = 0; i < size_; ++i) {
    auto session = std::make_unique<BillingSession>(endpoint_);
    Result r = session->open();
    if (!r.ok())
      return r;
    r = session->authenticate(token_);
    if (!r.ok())
      return r;
    r = session->ping(); // OK: authenticate() closes the session only when it fails, and we returned then
    if (!r.ok())
      return r;
    sessions_.push_back(std::move(session));
  }
  return Result::success();
}

Result BillingPool::charge(const Transaction &tx) {
  Result last = Result::failure("billing: no open session");
  for (std::size_t tries = 0; tries < sessions_.size(); ++tries) {
    std::unique_ptr<BillingSession> &slot = sessions_[next_++ % sessions_.size()];
    if (!slot->isOpen())
      continue;
    last = slot->charge(tx.account, tx.cents); // OK: closed sessions are skipped just above
    if (last.ok() || last.error().rfind("declined", 0) == 0)
      return last;
    slot->close();
    slot = std::make_unique<BillingSession>(endpoint_);
    if (slot->open().ok()) // OK: the slot holds a fresh session now
      (void)slot->authenticate(token_);
  }
  return last;
}

void BillingPool::closeAll() {
  for (std::unique_ptr<BillingSession> &session : sessions_) {
    if (session->isOpen())
      session->close(); // OK: only sessions still open are closed (a second close() would throw)
  }
}

std::size_t BillingPool::openCount() const {
  std::size_t n = 0;
  for (const auto &session : sessions_)
    n += session->isOpen() ? 1 : 0;
  return n;
}

} // namespace toll
