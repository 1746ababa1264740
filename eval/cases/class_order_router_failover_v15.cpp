// FIX order router for the equities gateway. The gateway owns the venue
// sessions and binds them with setPrimary()/setBackup(). logon() logs on
// through the primary; when the venue rejects the logon it closes the primary
// session and fails over to the backup (active_ then points at the backup,
// primary_ keeps pointing at the closed session). route() sends through
// active_, heartbeat() pings the primary, logout() closes the active session.
// Several routers may be bound to the same venue session.
// net::Connection::send() throws std::runtime_error once closed.
#include "netconn.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Order {
  std::string symbol;
  char side;
  int quantity;
  double limit;
};

class OrderRouter {
public:
  explicit OrderRouter(std::string account) : account_(std::move(account)) {}
  void setPrimary(net::Connection *c) { primary_ = c; }
  void setBackup(net::Connection *c) { backup_ = c; }
  bool logon(const std::string &venueReply);
  void route(const Order &o);
  void heartbeat();
  void logout();

private:
  std::string account_;
  net::Connection *primary_ = nullptr;
  net::Connection *backup_ = nullptr;
  net::Connection *active_ = nullptr;
  int seq_ = 1;
};

bool OrderRouter::logon(const std::string &venueReply) {
  primary_->send("35=A|49=" + account_ + "|34=" + std::to_string(seq_++));
  if (venueReply == "35=A") {
    active_ = primary_;
    return true;
  }
  primary_->close();
  if (backup_ == nullptr)
    return false;
  backup_->send("35=A|49=" + account_ + "|34=" + std::to_string(seq_++));
  active_ = backup_;
  return true;
}

void OrderRouter::route(const Order &o) {
  if (active_ == nullptr)
    throw std::runtime_error("router not logged on");
  active_->send("35=D|55=" + o.symbol + "|54=" + std::string(1, o.side) + // SAME: shareddesk
                "|38=" + std::to_string(o.quantity) +
                "|44=" + std::to_string(o.limit) +
                "|34=" + std::to_string(seq_++));
}

void OrderRouter::heartbeat() {
  primary_->send("35=0|34=" + std::to_string(seq_++)); // SAME: hb
  if (active_ != nullptr && active_ != primary_)
    active_->send("35=0|34=" + std::to_string(seq_++));
}

void OrderRouter::logout() {
  if (active_ == nullptr)
    return;
  active_->send("35=5|34=" + std::to_string(seq_++));
  active_->close();
  active_ = nullptr;
}

void tradeSession(net::Connection &primary, net::Connection &backup,
                  const std::string &venueReply,
                  const std::vector<Order> &orders) {
  OrderRouter router("ACME01");
  router.setPrimary(&primary);
  router.setBackup(&backup);
  if (!router.logon(venueReply))
    return;
  for (const Order &o : orders)
    router.route(o);
  router.heartbeat(); // BUG: use-after-close #hb
  router.logout();
}

void tradeWithRebind(net::Connection &primary, net::Connection &standby,
                     net::Connection &fresh) {
  OrderRouter router("ACME02");
  router.setPrimary(&primary);
  router.setBackup(&standby);
  if (!router.logon("35=3"))
    return;
  router.setPrimary(&fresh);
  router.heartbeat(); // OK: primary_ was rebound to a fresh session
  router.logout();
}

// Both desks trade through the same venue session; desk A finishes first.
void tradeTwoDesks(net::Connection &venue, const Order &a, const Order &b) {
  OrderRouter deskA("ACME01");
  OrderRouter deskB("ACME03");
  deskA.setPrimary(&venue);
  deskB.setPrimary(&venue);
  if (!deskA.logon("35=A") || !deskB.logon("35=A"))
    return;
  deskA.route(a);
  deskA.logout();
  deskB.route(b); // BUG: use-after-close #shareddesk
  deskB.logout();
}
