// Billing gateway sessions. A BillingSession is a TCP session to the
// operator's billing gateway: open(), authenticate() (which closes the
// session when the gateway rejects the token), charge(), settle(). Using a
// closed session throws std::logic_error, and so does a second close().
// BillingPool keeps a vector of sessions, closing a session that fails and
// refilling its slot.
#pragma once
#include "fd.h"
#include "result.h"
#include "types.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace toll {

class BillingError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class BillingSession {
public:
  explicit BillingSession(std::string endpoint);
  ~BillingSession();
  BillingSession(const BillingSession &) = delete;
  BillingSession &operator=(const BillingSession &) = delete;

  Result open();
  Result authenticate(const std::string &token);
  Result ping();
  Result charge(const std::string &account, std::int64_t cents);
  // Throws BillingError when the gateway refuses the shift's totals.
  void settle(const ShiftTotals &totals);
  void close();
  bool isOpen() const;

private:
  enum class State { Idle, Open, Closed };
  void requireOpen(const char *what) const;
  Result roundTrip(const std::string &request, std::string &reply);

  std::string endpoint_;
  Fd sock_;
  State state_ = State::Idle;
};

class BillingPool {
public:
  BillingPool(std::string endpoint, std::string token, std::size_t size);

  Result fill();
  Result charge(const Transaction &tx);
  void closeAll();
  std::size_t openCount() const;

private:
  std::string endpoint_;
  std::string token_;
  std::size_t size_;
  std::size_t next_ = 0;
  std::vector<std::unique_ptr<BillingSession>> sessions_;
};

// End-of-shift settlement on a dedicated session.
class SettlementRun {
public:
  explicit SettlementRun(std::string endpoint);
  ~SettlementRun();
  Result run(const ShiftTotals &totals);

private:
  BillingSession session_;
  bool finished_ = false;
};

Result chargeBatch(const std::string &endpoint, const std::string &token,
                   const std::vector<Transaction> &batch);
Result reconcileDay(const std::string &endpoint, const std::string &token,
                    const std::vector<Transaction> &unpaid);

} // namespace toll
