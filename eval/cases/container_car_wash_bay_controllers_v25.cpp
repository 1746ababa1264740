// Car wash site controller: each wash bay's controller is reached over its
// own connection, kept in a map by bay number. The site pushes price changes
// to every bay, retires a bay for maintenance (and later brings it back on a
// new controller under the same number), and at closing time shuts every bay
// down and sends each one its daily totals for the receipt printer.
#include "netconn.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace carwash {

struct BayTotals {
  int washes = 0;
  long revenueCents = 0;
};

class WashSite {
public:
  bool addBay(int bay, const std::string &endpoint);
  void retireBay(int bay, const std::string &reason);
  void broadcastPrice(const std::string &program, long cents);
  void recordWash(int bay, long cents);
  void endOfDay();

private:
  void sendDailyTotals();

  std::map<int, std::unique_ptr<net::Connection>> bays_;
  std::map<int, BayTotals> totals_;
};

bool WashSite::addBay(int bay, const std::string &endpoint) {
  auto [it, inserted] = bays_.emplace(bay, std::make_unique<net::Connection>(endpoint));
  if (!inserted)
    return false;
  it->second->send("HELLO bay=" + std::to_string(bay)); // OK
  return true;
}

void WashSite::retireBay(int bay, const std::string &reason) {
  auto it = bays_.find(bay);
  if (it == bays_.end())
    return;
  net::Connection &conn = *it->second;
  conn.send("OUT_OF_SERVICE " + reason);
  conn.flush();
  conn.close();
  bays_.erase(it);
}

void WashSite::broadcastPrice(const std::string &program, long cents) {
  for (auto &[bay, conn] : bays_) {
    if (conn->isClosed())
      continue;
    conn->send("PRICE " + program + " " + std::to_string(cents)); // OK
    conn->flush();
  }
}

void WashSite::recordWash(int bay, long cents) {
  BayTotals &t = totals_[bay];
  t.washes += 1;
  t.revenueCents += cents;
}

void WashSite::sendDailyTotals() {
  for (auto &[bay, conn] : bays_) {
    const BayTotals &t = totals_[bay];
    conn->send("TOTALS washes=" + std::to_string(t.washes) + // SAME: totals
               " cents=" + std::to_string(t.revenueCents));
  }
}

void WashSite::endOfDay() {
  for (auto &[bay, conn] : bays_) {
    conn->send("CLOSING");
    conn->close();
  }
  sendDailyTotals(); // BUG: use-after-close #totals
  bays_.clear();
  totals_.clear();
}

void maintenanceDay(WashSite &site, const std::string &replacementEndpoint) {
  site.broadcastPrice("deluxe", 1499);
  site.retireBay(3, "pump seal");
  site.broadcastPrice("deluxe", 1299); // OK
  site.addBay(3, replacementEndpoint); // OK
  site.recordWash(3, 1299);
  site.broadcastPrice("basic", 899); // OK
  site.endOfDay();
}

} // namespace carwash
