// Card balances and the running settlement totals of the current service day.
#include "ledger.h"

namespace farecol {

Ledger::Ledger(std::int64_t overdraftCents) : overdraftCents_(overdraftCents) {}

ChargeResult Ledger::charge(const Journey &journey) {
  std::lock_guard<std::mutex> lock(mutex_);
  ChargeResult result;
  std::int64_t &balance = balances_[journey.cardId];
  if (journey.product == FareProduct::StoredValue || journey.product == FareProduct::Concession) {
    if (balance - journey.fareCents < -overdraftCents_) {
      result.accepted = false;
      result.balanceCents = balance;
      result.reason = "insufficient balance";
      return result;
    }
    balance -= journey.fareCents;
  }
  result.accepted = true;
  result.balanceCents = balance;

  OperatorTotals &totals = today_[journey.operatorId];
  totals.operatorId = journey.operatorId;
  ProductTotals &p = totals.byProduct[productName(journey.product)];
  ++p.journeys;
  p.cents += journey.fareCents;
  totals.grossCents += journey.fareCents;
  lines_.push_back(SettlementLine{journey.operatorId, journey.cardId, productName(journey.product),
                                  journey.fareCents, journey.exitTime});
  return result;
}

void Ledger::topUp(const std::string &cardId, std::int64_t cents) {
  std::lock_guard<std::mutex> lock(mutex_);
  balances_[cardId] += cents;
}

std::int64_t Ledger::balance(const std::string &cardId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = balances_.find(cardId);
  return it == balances_.end() ? 0 : it->second;
}

std::size_t Ledger::cardCount() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return balances_.size();
}

std::vector<SettlementLine> Ledger::settlementLines(const std::string &operatorId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<SettlementLine> out;
  for (const SettlementLine &line : lines_)
    if (line.operatorId == operatorId)
      out.push_back(line);
  return out;
}

std::vector<std::string> Ledger::operators() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  for (const auto &entry : today_)
    out.push_back(entry.first);
  return out;
}

std::vector<OperatorTotals> Ledger::closeDay() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<OperatorTotals> out;
  out.reserve(today_.size());
  for (auto &entry : today_)
    out.push_back(std::move(entry.second));
  today_.clear();
  lines_.clear();
  return out;
}

} // namespace farecol
