// ConnectionFactory: opens a tenant's connection for one pool slot and
// registers a health probe for it; the probe is a callback that captures the
// connection (std::shared_ptr) and pings it on the health thread.
// Bug #reloadprobe (use-after-close): CredentialReloader::reloadTenant()
// closes the old pool after swapping in the new one (SAME line in
// credential_reloader.cpp) but, unlike Router::reconnect()/resize()/shutdown(),
// does not remove the old connections' probes. On the next health tick this
// callback pings a closed connection: ping() throws ConnectionClosed (a
// std::logic_error, which the health loop does not catch) and the health
// thread takes the gateway down with std::terminate().
#include "pushgw/connection_factory.h"

#include <stdexcept>

namespace pushgw {

ConnectionFactory::ConnectionFactory(HealthChecker &health) : health_(health) {}

std::shared_ptr<ProviderConnection>
ConnectionFactory::create(const TenantCredentials &creds, std::size_t slot) {
  if (creds.endpoints.empty())
    throw std::invalid_argument("tenant " + creds.tenant + " has no endpoint");
  const Endpoint &endpoint = creds.endpoints[slot % creds.endpoints.size()];
  auto conn = std::make_shared<ProviderConnection>(creds.tenant, endpoint,
                                                   creds.apiKey);
  conn->open();
  health_.addProbe(conn->id(), creds.tenant, [conn] {
    return conn->ping(); // BUG: use-after-close #reloadprobe
  });
  return conn;
}

} // namespace pushgw
