// Trading order router: one net::Connection per execution venue, kept in a
// std::map keyed by venue MIC. halt() is the venue circuit breaker: it closes
// the connection but leaves the entry in the map so the venue shows as halted.
// disconnect() closes and erases. closeAll() closes every venue at the end of
// the session. net::Connection::send()/flush() throw once closed.
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Order {
  std::string venue;
  std::string symbol;
  int qty = 0;
  double limit = 0;
};

static std::string encodeFix(const Order &o) {
  return "35=D|55=" + o.symbol + "|38=" + std::to_string(o.qty) + "|44=" + std::to_string(o.limit);
}

class VenueRouter {
public:
  void connect(const std::string &venue, const std::string &endpoint) {
    venues_[venue] = std::make_unique<net::Connection>(endpoint);
  }

  void halt(const std::string &venue) {
    auto it = venues_.find(venue);
    if (it != venues_.end())
      it->second->close();
  }

  void disconnect(const std::string &venue) {
    auto it = venues_.find(venue);
    if (it == venues_.end())
      return;
    it->second->close();
    venues_.erase(it);
  }

  // Fast path used by the smart order router.
  void route(const Order &o) {
    auto it = venues_.find(o.venue);
    if (it == venues_.end())
      throw std::runtime_error("unknown venue " + o.venue);
    it->second->send(encodeFix(o)); // SAME: halted_route
  }

  // Path used by the manual desk: halted venues park the order.
  void routeOrPark(const Order &o) {
    auto it = venues_.find(o.venue);
    if (it == venues_.end() || it->second->isClosed()) {
      parked_.push_back(o);
      return;
    }
    it->second->send(encodeFix(o)); // OK: closed venues are parked above
  }

  void flushAll() {
    for (auto &entry : venues_)
      entry.second->flush(); // SAME: eod_flush
  }

  void closeAll() {
    for (auto &entry : venues_)
      entry.second->close();
  }

  size_t parkedCount() const { return parked_.size(); }

private:
  std::map<std::string, std::unique_ptr<net::Connection>> venues_;
  std::vector<Order> parked_;
};

void tradingSession(VenueRouter &router) {
  router.connect("XNYS", "fix.nyse.example:9001");
  router.connect("XNAS", "fix.nasdaq.example:9002");
  router.connect("BATS", "fix.cboe.example:9003");

  router.route({"XNYS", "IBM", 100, 182.5});
  router.halt("XNAS"); // limit-up/limit-down pause on the venue
  router.routeOrPark({"XNAS", "AAPL", 50, 171.2});

  router.disconnect("BATS");
  router.connect("BATS", "fix-dr.cboe.example:9003");
  router.route({"BATS", "MSFT", 10, 402.0}); // OK: a fresh connection under the same key

  router.route({"XNAS", "NVDA", 20, 880.0}); // BUG: use-after-close #halted_route
}

void endOfDay(VenueRouter &router) {
  router.flushAll();
  router.closeAll();
  std::printf("parked orders: %zu\n", router.parkedCount());
  router.routeOrPark({"XNYS", "IBM", -100, 183.0}); // OK: routeOrPark() parks orders for closed venues
  // Drop-copy reconciliation wants everything on the wire before exit.
  router.flushAll(); // BUG: use-after-close #eod_flush
}

int main() {
  VenueRouter router;
  try {
    tradingSession(router);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "session: %s\n", e.what());
  }
  VenueRouter closing;
  closing.connect("XNYS", "fix.nyse.example:9001");
  try {
    endOfDay(closing);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "eod: %s\n", e.what());
  }
  return 0;
}
