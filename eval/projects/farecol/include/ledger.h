// Card balance ledger and the per-operator totals that settlement is built from.
#pragma once
#include "fare_engine.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace farecol {

struct ChargeResult {
  bool accepted = false;
  std::int64_t balanceCents = 0;
  std::string reason;
  bool ok() const { return accepted; }
};

struct ProductTotals {
  std::uint64_t journeys = 0;
  std::int64_t cents = 0;
};

struct OperatorTotals {
  std::string operatorId;
  std::map<std::string, ProductTotals> byProduct;
  std::int64_t grossCents = 0;
};

struct SettlementLine {
  std::string operatorId;
  std::string cardId;
  std::string product;
  std::int64_t cents = 0;
  std::int64_t epochSeconds = 0;
};

class Ledger {
public:
  explicit Ledger(std::int64_t overdraftCents = 200);

  ChargeResult charge(const Journey &journey);
  void topUp(const std::string &cardId, std::int64_t cents);
  std::int64_t balance(const std::string &cardId) const;
  std::size_t cardCount() const;

  std::vector<SettlementLine> settlementLines(const std::string &operatorId) const;
  std::vector<std::string> operators() const;
  // Returns the totals of the service day that just ended and starts a new one.
  std::vector<OperatorTotals> closeDay();

private:
  const std::int64_t overdraftCents_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::int64_t> balances_;
  std::map<std::string, OperatorTotals> today_;
  std::vector<SettlementLine> lines_;
};

} // namespace farecol
