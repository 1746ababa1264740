// Value types shared by the matcher, the gateway and the outbound publishers,
// plus the small line-oriented wire codecs they use. Header-only, no handles.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

namespace matchd {

enum class Side { Buy, Sell };

struct Order {
  std::uint64_t id = 0;
  std::uint64_t sessionId = 0;
  std::string symbol;
  Side side = Side::Buy;
  std::int64_t price = 0;
  std::int64_t qty = 0;
  bool auctionOnly = false;  // rests until the closing auction, never matches continuously
};

struct Fill {
  std::uint64_t seq = 0;
  std::uint64_t takerOrderId = 0;
  std::uint64_t makerOrderId = 0;
  std::uint64_t takerSession = 0;
  std::uint64_t makerSession = 0;
  std::string symbol;
  std::int64_t price = 0;
  std::int64_t qty = 0;
};

struct ExecReport {
  std::uint64_t orderId = 0;
  std::string status;
  std::int64_t lastPx = 0;
  std::int64_t lastQty = 0;
};

struct MdUpdate {
  std::string symbol;
  Side side = Side::Buy;
  std::int64_t price = 0;
  std::int64_t qty = 0;
  std::uint64_t seq = 0;
};

enum class RejectCode { None, Halted, RiskLimit, RiskUnavailable, BadOrder };

inline const char *sideName(Side s) { return s == Side::Buy ? "B" : "S"; }

inline const char *rejectName(RejectCode c) {
  switch (c) {
  case RejectCode::None: return "none";
  case RejectCode::Halted: return "halted";
  case RejectCode::RiskLimit: return "risk-limit";
  case RejectCode::RiskUnavailable: return "risk-unavailable";
  case RejectCode::BadOrder: return "bad-order";
  }
  return "unknown";
}

inline std::string encodeOrder(const Order &o) {
  std::ostringstream os;
  os << "ORD " << o.id << ' ' << o.sessionId << ' ' << o.symbol << ' ' << sideName(o.side) << ' '
     << o.price << ' ' << o.qty << ' ' << (o.auctionOnly ? 1 : 0);
  return os.str();
}

// Parses the body of an order line: "<id> <symbol> <B|S> <price> <qty> [A]".
inline bool parseOrderBody(const std::string &body, std::uint64_t sessionId, Order &out) {
  std::istringstream is(body);
  std::string side, flag;
  Order o;
  if (!(is >> o.id >> o.symbol >> side >> o.price >> o.qty)) return false;
  if (side != "B" && side != "S") return false;
  if (o.qty <= 0 || o.price <= 0) return false;
  o.side = side == "B" ? Side::Buy : Side::Sell;
  o.auctionOnly = (is >> flag) && flag == "A";
  o.sessionId = sessionId;
  out = o;
  return true;
}

inline bool decodeOrder(const std::string &rec, Order &out) {
  std::istringstream is(rec);
  std::string tag, side;
  int auction = 0;
  Order o;
  if (!(is >> tag) || tag != "ORD") return false;
  if (!(is >> o.id >> o.sessionId >> o.symbol >> side >> o.price >> o.qty >> auction)) return false;
  o.side = side == "B" ? Side::Buy : Side::Sell;
  o.auctionOnly = auction != 0;
  out = o;
  return true;
}

inline std::string encodeFill(const Fill &f) {
  std::ostringstream os;
  os << "FILL " << f.seq << ' ' << f.symbol << ' ' << f.takerOrderId << ' ' << f.makerOrderId << ' '
     << f.price << ' ' << f.qty;
  return os.str();
}

inline std::string encodeReport(const ExecReport &r) {
  std::ostringstream os;
  os << "EXEC " << r.orderId << ' ' << r.status << ' ' << r.lastPx << ' ' << r.lastQty;
  return os.str();
}

inline std::string encodeMd(const MdUpdate &u) {
  std::ostringstream os;
  os << "MD " << u.seq << ' ' << u.symbol << ' ' << sideName(u.side) << ' ' << u.price << ' ' << u.qty;
  return os.str();
}

} // namespace matchd
