// Reloads tenant credentials: opens a fresh pool, swaps it into the router and
// closes the old connections; shrinks a pool in place when only its size went
// down; validates credentials with a trial connection.
// The SAME marker is in src/credential_reloader.cpp.
#pragma once
#include <cstddef>
#include <string>

#include "pushgw/connection_factory.h"
#include "pushgw/credentials.h"
#include "pushgw/health_checker.h"
#include "pushgw/router.h"

namespace pushgw {

class CredentialReloader {
public:
  CredentialReloader(Router &router, ConnectionFactory &factory,
                     HealthChecker &health);

  void reloadTenant(const TenantCredentials &creds);
  std::size_t reloadAll(const CredentialStore &store);

  /// Opens a trial connection to each endpoint in turn until one answers.
  static bool validate(const TenantCredentials &creds, std::string &why);

private:
  Router &router_;
  ConnectionFactory &factory_;
  HealthChecker &health_;
};

} // namespace pushgw
