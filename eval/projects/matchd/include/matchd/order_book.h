// OrderBook: price-time priority limit order books, one per symbol.
// Not thread-safe: the engine serializes every call under its own mutex.
// The trade callback fires synchronously from add() and runClosingAuction().
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "matchd/types.h"

namespace matchd {

class OrderBook {
public:
  using TradeFn = std::function<void(const Fill &)>;

  void setOnTrade(TradeFn fn) { onTrade_ = std::move(fn); }
  std::size_t add(const Order &o);
  bool cancel(std::uint64_t orderId);
  std::vector<MdUpdate> topOfBook(const std::string &symbol) const;
  std::vector<MdUpdate> snapshot() const;
  std::size_t runClosingAuction();
  std::size_t restingCount() const;

private:
  struct SymbolBook {
    std::map<std::int64_t, std::deque<Order>, std::greater<std::int64_t>> bids;
    std::map<std::int64_t, std::deque<Order>> asks;
  };
  void emit(const Order &taker, const Order &maker, std::int64_t price, std::int64_t qty);
  void matchBuy(Order &taker, SymbolBook &book);
  void matchSell(Order &taker, SymbolBook &book);
  void rest(const Order &o, SymbolBook &book);

  std::map<std::string, SymbolBook> books_;
  TradeFn onTrade_;
  std::uint64_t tradeSeq_ = 0;
};

} // namespace matchd
