// Multi-tenant gateway: each tenant keeps a vector of upstream
// net::Connection objects (send()/flush() throw "connection closed" once
// closed; close() is idempotent). drainAll() flushes and closes every
// upstream in a loop; reconnect() replaces closed elements in place.
// Defects: sendGoodbye() posts to upstreams_[0] after the drain loop closed
// it, and auditTenant() keeps a reference to the primary across drainAll().
#include "netconn.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

class TenantGateway {
public:
  explicit TenantGateway(std::vector<std::string> endpoints);
  void broadcast(const std::string &msg);
  void drainAll();
  void reconnect();
  void sendGoodbye();
  net::Connection &primary() { return upstreams_.front(); }

private:
  std::vector<std::string> endpoints_;
  std::vector<net::Connection> upstreams_;
};

TenantGateway::TenantGateway(std::vector<std::string> endpoints)
    : endpoints_(std::move(endpoints)) {
  upstreams_.reserve(endpoints_.size());
  for (const std::string &ep : endpoints_)
    upstreams_.emplace_back(ep);
}

void TenantGateway::broadcast(const std::string &msg) {
  for (net::Connection &c : upstreams_) {
    if (c.isClosed())
      continue;
    c.send(msg); // OK: closed upstreams are skipped
  }
}

void TenantGateway::drainAll() {
  for (net::Connection &c : upstreams_) {
    if (c.isClosed())
      continue;
    c.flush();
    c.close();
  }
}

void TenantGateway::reconnect() {
  for (size_t i = 0; i < upstreams_.size(); ++i) {
    if (upstreams_[i].isClosed())
      upstreams_[i] = net::Connection(endpoints_[i]);
  }
}

void TenantGateway::sendGoodbye() {
  upstreams_[0].send("GOODBYE tenant"); // SAME: goodbye
}

void rotateTenant(TenantGateway &gw) {
  net::Connection &lead = gw.primary();
  lead.send("ROTATE begin"); // OK: nothing closed yet
  gw.drainAll();
  gw.reconnect();
  lead.send("ROTATE end"); // OK: reconnect() put a fresh connection into the slot lead refers to
  gw.broadcast("ROTATED");
}

void shutdownTenant(TenantGateway &gw) {
  gw.broadcast("SHUTDOWN");
  gw.drainAll();
  gw.broadcast("SHUTDOWN ack"); // OK: broadcast() skips closed upstreams
  gw.drainAll(); // OK: drainAll() skips upstreams that are already closed
  gw.sendGoodbye(); // BUG: use-after-close #goodbye
}

void auditTenant(TenantGateway &gw) {
  net::Connection &lead = gw.primary();
  lead.send("AUDIT snapshot");
  gw.drainAll();
  lead.flush(); // BUG: use-after-close
}

int main() {
  TenantGateway acme({"acme-a.internal:7000", "acme-b.internal:7000"});
  TenantGateway globex({"globex-a.internal:7000"});
  try {
    rotateTenant(acme);
    shutdownTenant(acme);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "acme: %s\n", e.what());
  }
  try {
    auditTenant(globex);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "globex: %s\n", e.what());
  }
  return 0;
}
