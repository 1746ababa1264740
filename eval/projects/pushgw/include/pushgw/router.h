// Routes notifications to the tenant's pool of provider connections.
// Pools live in an unordered_map keyed by tenant, each a vector of
// shared_ptr<ProviderConnection>. Locking: deliver() holds mu_ shared for the
// whole send; every explicit close() of a pooled connection happens with mu_
// held exclusively (reconnect, resize, shutdown), or after swapPool() took the
// connection out of the map. The BUG marker is in src/router.cpp.
#pragma once
#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "pushgw/connection_factory.h"
#include "pushgw/credentials.h"
#include "pushgw/delivery_log.h"
#include "pushgw/health_checker.h"
#include "pushgw/notification.h"
#include "pushgw/provider_connection.h"
#include "pushgw/receipt_publisher.h"

namespace pushgw {

class Router {
public:
  using Pool = std::vector<std::shared_ptr<ProviderConnection>>;

  Router(ConnectionFactory &factory, HealthChecker &health,
         ReceiptPublisher &receipts, DeliveryLog &log);

  /// true: delivered, or refused for good (receipt written); false: retry later.
  bool deliver(const Notification &n);
  /// Installs `fresh` as the tenant's pool and returns the previous pool,
  /// still open: the caller closes it.
  Pool swapPool(const TenantCredentials &creds, Pool fresh);
  /// Shrinks the tenant's pool in place (only pool_size changed).
  void resize(const std::string &tenant, std::size_t newSize);
  /// Reopens the tenant's connections that are not open.
  void reconnect(const std::string &tenant);
  /// Closes every pooled connection. Idempotent.
  void shutdown();

  std::optional<TenantCredentials> credentials(const std::string &tenant) const;
  std::size_t openConnections() const;

private:
  struct TenantState {
    TenantCredentials creds;
    Pool pool;
    std::atomic<std::size_t> next{0}; // round-robin cursor
  };
  void finish(const Notification &n, bool delivered, const std::string &detail);

  ConnectionFactory &factory_;
  HealthChecker &health_;
  ReceiptPublisher &receipts_;
  DeliveryLog &log_;
  mutable std::shared_mutex mu_;
  std::unordered_map<std::string, TenantState> tenants_;
  bool shutDown_ = false;
};

} // namespace pushgw
