// OrderBook implementation: continuous price-time matching plus a simple
// closing auction. No handles are opened or closed here; the trade callback
// is whatever the engine installed, invoked synchronously per fill.
#include "matchd/order_book.h"

#include <algorithm>

namespace matchd {

void OrderBook::emit(const Order &taker, const Order &maker, std::int64_t price, std::int64_t qty) {
  Fill f;
  f.seq = ++tradeSeq_;
  f.takerOrderId = taker.id;
  f.makerOrderId = maker.id;
  f.takerSession = taker.sessionId;
  f.makerSession = maker.sessionId;
  f.symbol = taker.symbol;
  f.price = price;
  f.qty = qty;
  if (onTrade_) onTrade_(f);
}

void OrderBook::matchBuy(Order &taker, SymbolBook &book) {
  while (taker.qty > 0 && !book.asks.empty() && book.asks.begin()->first <= taker.price) {
    auto level = book.asks.begin();
    auto &queue = level->second;
    Order &maker = queue.front();
    const std::int64_t qty = std::min(taker.qty, maker.qty);
    taker.qty -= qty;
    maker.qty -= qty;
    emit(taker, maker, level->first, qty);
    if (maker.qty == 0) queue.pop_front();
    if (queue.empty()) book.asks.erase(level);
  }
}

void OrderBook::matchSell(Order &taker, SymbolBook &book) {
  while (taker.qty > 0 && !book.bids.empty() && book.bids.begin()->first >= taker.price) {
    auto level = book.bids.begin();
    auto &queue = level->second;
    Order &maker = queue.front();
    const std::int64_t qty = std::min(taker.qty, maker.qty);
    taker.qty -= qty;
    maker.qty -= qty;
    emit(taker, maker, level->first, qty);
    if (maker.qty == 0) queue.pop_front();
    if (queue.empty()) book.bids.erase(level);
  }
}

void OrderBook::rest(const Order &o, SymbolBook &book) {
  if (o.side == Side::Buy)
    book.bids[o.price].push_back(o);
  else
    book.asks[o.price].push_back(o);
}

std::size_t OrderBook::add(const Order &o) {
  SymbolBook &book = books_[o.symbol];
  Order taker = o;
  const std::uint64_t before = tradeSeq_;
  if (!taker.auctionOnly) {
    if (taker.side == Side::Buy)
      matchBuy(taker, book);
    else
      matchSell(taker, book);
  }
  if (taker.qty > 0) rest(taker, book);
  return static_cast<std::size_t>(tradeSeq_ - before);
}

bool OrderBook::cancel(std::uint64_t orderId) {
  for (auto &sb : books_) {
    for (auto it = sb.second.bids.begin(); it != sb.second.bids.end(); ++it) {
      auto &q = it->second;
      auto pos = std::find_if(q.begin(), q.end(), [&](const Order &o) { return o.id == orderId; });
      if (pos == q.end()) continue;
      q.erase(pos);
      if (q.empty()) sb.second.bids.erase(it);
      return true;
    }
    for (auto it = sb.second.asks.begin(); it != sb.second.asks.end(); ++it) {
      auto &q = it->second;
      auto pos = std::find_if(q.begin(), q.end(), [&](const Order &o) { return o.id == orderId; });
      if (pos == q.end()) continue;
      q.erase(pos);
      if (q.empty()) sb.second.asks.erase(it);
      return true;
    }
  }
  return false;
}

std::vector<MdUpdate> OrderBook::topOfBook(const std::string &symbol) const {
  std::vector<MdUpdate> out;
  auto it = books_.find(symbol);
  if (it == books_.end()) return out;
  const SymbolBook &book = it->second;
  auto levelQty = [](const std::deque<Order> &q) {
    std::int64_t qty = 0;
    for (const auto &o : q) qty += o.qty;
    return qty;
  };
  if (!book.bids.empty())
    out.push_back(MdUpdate{symbol, Side::Buy, book.bids.begin()->first, levelQty(book.bids.begin()->second), 0});
  if (!book.asks.empty())
    out.push_back(MdUpdate{symbol, Side::Sell, book.asks.begin()->first, levelQty(book.asks.begin()->second), 0});
  return out;
}

std::vector<MdUpdate> OrderBook::snapshot() const {
  std::vector<MdUpdate> out;
  for (const auto &sb : books_) {
    for (const auto &lvl : sb.second.bids) {
      std::int64_t qty = 0;
      for (const auto &o : lvl.second) qty += o.qty;
      out.push_back(MdUpdate{sb.first, Side::Buy, lvl.first, qty, 0});
    }
    for (const auto &lvl : sb.second.asks) {
      std::int64_t qty = 0;
      for (const auto &o : lvl.second) qty += o.qty;
      out.push_back(MdUpdate{sb.first, Side::Sell, lvl.first, qty, 0});
    }
  }
  return out;
}

std::size_t OrderBook::runClosingAuction() {
  const std::uint64_t before = tradeSeq_;
  for (auto &sb : books_) {
    SymbolBook &book = sb.second;
    // Uncross at the best ask while the book is crossed: bids are the takers.
    while (!book.bids.empty() && !book.asks.empty() && book.bids.begin()->first >= book.asks.begin()->first) {
      auto bidLevel = book.bids.begin();
      auto askLevel = book.asks.begin();
      Order &bid = bidLevel->second.front();
      Order &ask = askLevel->second.front();
      const std::int64_t qty = std::min(bid.qty, ask.qty);
      const std::int64_t px = askLevel->first;
      bid.qty -= qty;
      ask.qty -= qty;
      emit(bid, ask, px, qty);
      if (bid.qty == 0) bidLevel->second.pop_front();
      if (ask.qty == 0) askLevel->second.pop_front();
      if (bidLevel->second.empty()) book.bids.erase(bidLevel);
      if (askLevel->second.empty()) book.asks.erase(askLevel);
    }
  }
  return static_cast<std::size_t>(tradeSeq_ - before);
}

std::size_t OrderBook::restingCount() const {
  std::size_t n = 0;
  for (const auto &sb : books_) {
    for (const auto &lvl : sb.second.bids) n += lvl.second.size();
    for (const auto &lvl : sb.second.asks) n += lvl.second.size();
  }
  return n;
}

} // namespace matchd
