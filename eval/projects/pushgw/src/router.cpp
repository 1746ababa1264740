// Router: per-tenant pools of provider connections, an unordered_map of
// TenantState (credentials, vector of shared_ptr<ProviderConnection>, a
// round-robin cursor). deliver() holds mu_ shared while it sends; every
// explicit close() of a pooled connection holds mu_ exclusively (reconnect,
// resize, shutdown) or happens after swapPool() took the pool out of the map.
// A connection can also turn Broken on its own (I/O error), never Closed.
// Bug (use-after-close) in resize(): the loop closes the connections of the
// slots >= newSize, then the WINDOW control frame goes to the slot the
// round-robin cursor points at, computed modulo the *old* size: when the
// cursor is at one of the removed slots, sendControl() runs on a connection
// closed a few lines above and throws ConnectionClosed. The pool is then
// never shrunk (the closed connections stay in it) and the reload aborts.
// Correct lines: deliver() sends only after isOpen() under the shared lock that
// every closer takes exclusively; reconnect() and shutdown() close a pooled
// connection only when it is not Closed yet, after removing its probe, and
// reconnect() pings the freshly created connection it has just put in the slot.
#include "pushgw/router.h"

#include <cstdio>
#include <mutex>
#include <system_error>
#include <utility>

namespace pushgw {

Router::Router(ConnectionFactory &factory, HealthChecker &health,
               ReceiptPublisher &receipts, DeliveryLog &log)
    : factory_(factory), health_(health), receipts_(receipts), log_(log) {}

void Router::finish(const Notification &n, bool delivered,
                    const std::string &detail) {
  const DeliveryReceipt receipt{n.id, n.tenant, delivered, detail};
  log_.append(receipt);
  receipts_.publish(receipt);
}

bool Router::deliver(const Notification &n) {
  std::shared_lock<std::shared_mutex> lk(mu_);
  auto it = tenants_.find(n.tenant);
  if (it == tenants_.end()) {
    finish(n, false, "unknown tenant");
    return true;
  }
  TenantState &st = it->second;
  const std::size_t size = st.pool.size();
  const std::size_t start = st.next.fetch_add(1, std::memory_order_relaxed);
  for (std::size_t i = 0; i < size; ++i) {
    const std::shared_ptr<ProviderConnection> &c = st.pool[(start + i) % size];
    if (!c->isOpen())
      continue;
    try {
      c->send(n); // OK: isOpen() checked under mu_, which every close() of a pooled connection holds exclusively
      finish(n, true, "delivered");
      return true;
    } catch (const DeliveryRejected &e) {
      finish(n, false, e.what());
      return true;
    } catch (const std::system_error &e) {
      std::fprintf(stderr, "router: %s: %s\n", n.tenant.c_str(), e.what());
    }
  }
  return false;
}

Router::Pool Router::swapPool(const TenantCredentials &creds, Pool fresh) {
  std::unique_lock<std::shared_mutex> lk(mu_);
  TenantState &st = tenants_[creds.tenant];
  st.creds = creds;
  st.pool.swap(fresh);
  return fresh;
}

void Router::resize(const std::string &tenant, std::size_t newSize) {
  std::unique_lock<std::shared_mutex> lk(mu_);
  auto it = tenants_.find(tenant);
  if (it == tenants_.end() || newSize == 0 || newSize >= it->second.pool.size())
    return;
  TenantState &st = it->second;
  for (std::size_t slot = newSize; slot < st.pool.size(); ++slot) {
    health_.removeProbe(st.pool[slot]->id());
    if (!st.pool[slot]->isClosed())
      st.pool[slot]->close();
  }
  // Tell the provider the smaller window on the connection used next.
  const std::size_t next = st.next.load() % st.pool.size();
  st.pool[next]->sendControl("WINDOW " + std::to_string(newSize)); // BUG: use-after-close
  st.pool.resize(newSize);
  st.creds.poolSize = newSize;
}

void Router::reconnect(const std::string &tenant) {
  std::unique_lock<std::shared_mutex> lk(mu_);
  if (shutDown_)
    return;
  auto it = tenants_.find(tenant);
  if (it == tenants_.end())
    return;
  TenantState &st = it->second;
  for (std::size_t slot = 0; slot < st.pool.size(); ++slot) {
    std::shared_ptr<ProviderConnection> &c = st.pool[slot];
    if (c->isOpen())
      continue;
    health_.removeProbe(c->id());
    if (!c->isClosed())
      c->close(); // OK: a Broken connection is closed once; a slot left Closed by a failed reopen is skipped
    try {
      c = factory_.create(st.creds, slot);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "router: %s slot %zu: reopen failed: %s\n",
                   tenant.c_str(), slot, e.what());
      continue;
    }
    if (!c->ping()) // OK: c now holds the connection create() has just opened
      std::fprintf(stderr, "router: %s slot %zu reopened but not answering\n",
                   tenant.c_str(), slot);
  }
}

void Router::shutdown() {
  std::unique_lock<std::shared_mutex> lk(mu_);
  if (shutDown_)
    return;
  shutDown_ = true;
  for (auto &[tenant, st] : tenants_) {
    for (const std::shared_ptr<ProviderConnection> &c : st.pool) {
      health_.removeProbe(c->id());
      if (c->isClosed())
        continue;
      c->close(); // OK: connections already Closed (failed reopen) are skipped
    }
  }
}

std::optional<TenantCredentials> Router::credentials(const std::string &tenant) const {
  std::shared_lock<std::shared_mutex> lk(mu_);
  auto it = tenants_.find(tenant);
  if (it == tenants_.end())
    return std::nullopt;
  return it->second.creds;
}

std::size_t Router::openConnections() const {
  std::shared_lock<std::shared_mutex> lk(mu_);
  std::size_t open = 0;
  for (const auto &[tenant, st] : tenants_)
    for (const auto &c : st.pool)
      if (c->isOpen())
        ++open;
  return open;
}

} // namespace pushgw
