// CredentialReloader: builds a fresh pool for a tenant (each connection's
// health probe is registered by ConnectionFactory::create()), swaps it into
// the router, and closes the old connections; a reload that only lowers the
// pool size shrinks the pool in place (Router::resize()). validate() tries a
// trial connection per endpoint, kept in a std::optional.
// Partner line of #reloadprobe: the old connections are closed here without removing
// their health probes (Router::reconnect() and Router::shutdown() do remove
// them); the probe callback that still holds the connection then pings it on
// the health thread (the BUG line is in connection_factory.cpp).
// Correct: when opening the fresh pool fails, the connections already opened are
// closed once and the error is rethrown (their destructors see Closed);
// validate() opens the connection it has just emplaced (the previous one was
// closed and is destroyed by emplace()).
#include "pushgw/credential_reloader.h"

#include <algorithm>
#include <optional>
#include <system_error>

namespace pushgw {

CredentialReloader::CredentialReloader(Router &router, ConnectionFactory &factory,
                                       HealthChecker &health)
    : router_(router), factory_(factory), health_(health) {}

void CredentialReloader::reloadTenant(const TenantCredentials &creds) {
  Router::Pool fresh;
  try {
    const std::size_t size = std::max<std::size_t>(creds.poolSize, 1);
    for (std::size_t slot = 0; slot < size; ++slot)
      fresh.push_back(factory_.create(creds, slot));
  } catch (...) {
    for (const auto &c : fresh) {
      health_.removeProbe(c->id());
      c->close(); // OK: each fresh connection is closed once, then the error is rethrown
    }
    throw;
  }
  Router::Pool old = router_.swapPool(creds, std::move(fresh));
  for (const auto &c : old) {
    if (c->isClosed())
      continue;
    c->close(); // SAME: reloadprobe
  }
}

std::size_t CredentialReloader::reloadAll(const CredentialStore &store) {
  std::size_t changed = 0;
  for (const auto &[tenant, creds] : store.all()) {
    const std::optional<TenantCredentials> current = router_.credentials(tenant);
    if (current && current->sameEndpointsAndKey(creds)) {
      if (creds.poolSize < current->poolSize) {
        router_.resize(tenant, creds.poolSize);
        ++changed;
      }
      continue; // a larger pool waits for the next full reload
    }
    reloadTenant(creds);
    ++changed;
  }
  return changed;
}

bool CredentialReloader::validate(const TenantCredentials &creds, std::string &why) {
  std::optional<ProviderConnection> trial;
  why = "no endpoint";
  for (const Endpoint &endpoint : creds.endpoints) {
    trial.emplace(creds.tenant, endpoint, creds.apiKey);
    try {
      trial->open(); // OK: a fresh connection was just emplaced; the previous one was closed
    } catch (const std::system_error &e) {
      why = e.what();
      continue;
    }
    const bool answered = trial->ping();
    trial->close();
    if (answered)
      return true;
    why = endpoint.host + ": no PONG";
  }
  return false;
}

} // namespace pushgw
