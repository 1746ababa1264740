// Opens provider connections for a tenant's pool slot and registers each new
// connection's health probe. The BUG marker is in src/connection_factory.cpp.
#pragma once
#include <cstddef>
#include <memory>

#include "pushgw/credentials.h"
#include "pushgw/health_checker.h"
#include "pushgw/provider_connection.h"

namespace pushgw {

class ConnectionFactory {
public:
  explicit ConnectionFactory(HealthChecker &health);

  /// Opens connection `slot` of the tenant (endpoint slot % endpoints) and
  /// registers its probe. Throws when the connection cannot be opened.
  std::shared_ptr<ProviderConnection> create(const TenantCredentials &creds,
                                             std::size_t slot);

private:
  HealthChecker &health_;
};

} // namespace pushgw
