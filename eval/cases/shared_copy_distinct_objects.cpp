// Two tenants each get their own Connection, each with a shared owner kept by
// a reporter. Closing tenant A's connection through its owner and then
// reporting through tenant B's owner reaches a different, open object; and a
// copy made with make_shared<Connection>(*a) is a new object (negative case).
#include "netconn.h"

#include <memory>
#include <string>
#include <vector>

struct TenantLink {
  std::string tenant;
  std::shared_ptr<net::Connection> link;
};

void rotateTenants() {
  auto alpha = std::make_shared<net::Connection>("tcp://alpha:7000");
  auto beta = std::make_shared<net::Connection>("tcp://beta:7000");
  std::vector<TenantLink> reporters{{"alpha", alpha}, {"beta", beta}};

  alpha->close();
  reporters[1].link->send("usage beta=12"); // OK
  beta->send("usage beta=13"); // OK

  auto clone = std::make_shared<net::Connection>(beta->endpoint());
  beta->close();
  clone->send("hello from the clone"); // OK
}
