// Router: read/write splitting over the backend pools.
#include "sqlproxy/Router.h"

#include "sqlproxy/HealthChecker.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace sqlproxy {

namespace {

bool isReadOnly(const std::string &sql) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i])))
    ++i;
  std::string head;
  for (; i < sql.size() && head.size() < 6; ++i)
    head.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i]))));
  if (head != "SELECT")
    return false;
  std::string upper(sql.size(), '\0');
  std::transform(sql.begin(), sql.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return upper.find("FOR UPDATE") == std::string::npos && upper.find("FOR SHARE") == std::string::npos;
}

} // namespace

Router::Router(const ProxyConfig &cfg, std::shared_ptr<StatementCache> stmts)
    : stmts_(std::move(stmts)), auth_(cfg.auth), settings_(cfg.pool) {
  for (const BackendAddr &b : cfg.backends)
    pools_.emplace(b.name, std::make_shared<ConnPool>(b, cfg.auth, cfg.pool));
}

void Router::attachHealth(const std::shared_ptr<HealthChecker> &health) {
  std::weak_ptr<Router> self = weak_from_this();
  health->onStateChange([self](const std::string &backend, bool up) {
    if (auto router = self.lock())
      router->markHealth(backend, up);
  });
  std::lock_guard<std::mutex> lk(mu_);
  health_ = health;
  for (const auto &entry : pools_)
    watchRecovery(entry.first, entry.second);
}

void Router::watchRecovery(const std::string &name, const std::shared_ptr<ConnPool> &pool) {
  const std::shared_ptr<HealthChecker> health = health_.lock();
  if (!health)
    return;
  const std::size_t warm = settings_.minIdle;
  health->onRecovered(name, [pool, warm] {
    // The backend answers again: open connections now, so that the first
    // queries after an outage don't all pay for the TCP + auth handshake.
    pool->prefill(warm); // BUG: use-after-close
  });
}

void Router::warmUp() {
  std::vector<std::shared_ptr<ConnPool>> pools;
  std::size_t warm = 0;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto &entry : pools_)
      pools.push_back(entry.second);
    warm = settings_.minIdle;
  }
  for (const auto &pool : pools) {
    try {
      pool->prefill(warm);
    } catch (const std::exception &e) {
      // A backend that is down at startup is not fatal; the health checker
      // will warm the pool up when it comes back.
      std::fprintf(stderr, "sqlproxy: warm-up of %s failed: %s\n",
                   pool->address().describe().c_str(), e.what());
    }
  }
}

std::shared_ptr<ConnPool> Router::pick(const std::string &sql) {
  std::lock_guard<std::mutex> lk(mu_);
  const bool readOnly = isReadOnly(sql);
  std::shared_ptr<ConnPool> primary;
  std::vector<std::shared_ptr<ConnPool>> replicas;
  for (const auto &entry : pools_) {
    if (down_.count(entry.first))
      continue;
    if (entry.second->address().primary)
      primary = entry.second;
    else if (readOnly)
      replicas.push_back(entry.second);
  }
  if (!replicas.empty())
    return replicas[roundRobin_++ % replicas.size()];
  if (primary)
    return primary;
  throw std::runtime_error("no backend available for this query");
}

QueryResult Router::execute(const std::string &sql) {
  const std::shared_ptr<ConnPool> pool = pick(sql);
  std::shared_ptr<BackendConn> conn = pool->acquire();
  QueryResult result;
  try {
    conn->send(wire::simpleQuery(sql));
    result = conn->readResult();
  } catch (const BackendQueryError &) {
    pool->release(conn); // OK: an SQL error leaves the connection open and in sync (ReadyForQuery was read)
    throw;
  } catch (const BackendIoError &) {
    // The socket is in an unknown state: it must never be handed to another
    // session.
    conn->close();
    pool->release(conn); // BUG: use-after-close #release_reset
    throw;
  }
  pool->release(conn);
  return result;
}

QueryResult Router::executePrepared(const std::string &sql, const std::vector<std::string> &params) {
  const std::shared_ptr<ConnPool> pool = pick(sql);
  std::shared_ptr<BackendConn> conn = pool->acquire();
  try {
    const std::optional<std::string> stmt = stmts_->prepare(conn, sql);
    if (!stmt) {
      // The backend would not prepare it (utility statements, some DDL):
      // fall back to the simple protocol with the parameters inlined.
      conn->send(wire::simpleQuery(wire::inlineParams(sql, params))); // BUG: use-after-close
      QueryResult r = conn->readResult();
      pool->release(conn);
      return r;
    }
    conn->send(wire::bind(*stmt, params)); // OK: prepare() returned a statement, so it did not close conn
    conn->send(wire::execute());
    conn->send(wire::sync());
    QueryResult r = conn->readResult();
    pool->release(conn);
    return r;
  } catch (const BackendQueryError &e) {
    // 0A000: cached plan must not change result type; 26000: statement vanished.
    if (e.sqlstate() == "0A000" || e.sqlstate() == "26000")
      stmts_->invalidate(conn, sql);
    pool->release(conn); // OK: a query error leaves the connection open
    throw;
  } catch (const BackendIoError &) {
    pool->discard(conn); // OK: discard() only closes a connection that is still open
    throw;
  }
}

void Router::reconfigure(const ProxyConfig &cfg) {
  std::vector<std::shared_ptr<ConnPool>> retired;
  {
    std::lock_guard<std::mutex> lk(mu_);
    std::map<std::string, std::shared_ptr<ConnPool>> next;
    for (const BackendAddr &b : cfg.backends) {
      const auto it = pools_.find(b.name);
      if (it != pools_.end() && it->second->address().sameEndpoint(b)) {
        next.emplace(b.name, it->second);
        pools_.erase(it);
        continue;
      }
      auto fresh = std::make_shared<ConnPool>(b, cfg.auth, cfg.pool);
      watchRecovery(b.name, fresh);
      next.emplace(b.name, std::move(fresh));
    }
    // Whatever is left in pools_ was moved or removed from the configuration.
    for (const auto &entry : pools_)
      retired.push_back(entry.second);
    pools_.swap(next);
    auth_ = cfg.auth;
    settings_ = cfg.pool;
  }
  for (const auto &old : retired)
    old->close(); // OK: graceful close of a pool nobody routes to any more; its borrowed connections close as they come back
}

void Router::markHealth(const std::string &backend, bool up) {
  std::lock_guard<std::mutex> lk(mu_);
  if (up) {
    down_.erase(backend);
    return;
  }
  down_.insert(backend);
  const auto it = pools_.find(backend);
  if (it != pools_.end())
    it->second->closeIdle(); // OK: only the idle connections; borrowed ones stay with their workers and the pool stays open
}

void Router::maintenance() {
  std::vector<std::shared_ptr<ConnPool>> pools;
  {
    std::lock_guard<std::mutex> lk(mu_);
    for (const auto &entry : pools_)
      pools.push_back(entry.second);
  }
  for (const auto &pool : pools)
    pool->shrink();
  stmts_->purgeExpired();
}

void Router::closePools() {
  std::lock_guard<std::mutex> lk(mu_);
  for (const auto &entry : pools_)
    entry.second->closeAll();
}

bool Router::knowsDatabase(const std::string &database) const {
  std::lock_guard<std::mutex> lk(mu_);
  return database == auth_.database;
}

std::string Router::describePools() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::ostringstream out;
  for (const auto &entry : pools_) {
    const ConnPool::Stats s = entry.second->stats();
    out << entry.second->address().describe() << (down_.count(entry.first) ? " DOWN" : " up")
        << " idle=" << s.idle << " borrowed=" << s.borrowed << " total=" << s.total << '\n';
  }
  return out.str();
}

} // namespace sqlproxy
