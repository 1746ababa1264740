// Router: picks a backend pool for each query (writes and anything unknown go
// to the primary, plain SELECTs round-robin over healthy replicas) and runs the
// query on a pooled connection.
//  - execute(sql) runs a simple query; executePrepared(sql, params) goes
//    through the StatementCache. Both throw BackendQueryError for SQL errors and
//    BackendIoError when the backend connection breaks.
//  - attachHealth(checker) subscribes to backend state changes (via a weak_ptr
//    to the router) and to recoveries (to warm the pool up again).
//  - reconfigure(cfg) builds pools for new or moved backends and gracefully
//    closes the pools that are no longer routed to.
//  - closePools() hard-closes every pool; only at shutdown, after the workers
//    have stopped.
// Thread-safe. Must be owned by a std::shared_ptr (attachHealth uses
// weak_from_this()).
#pragma once
#include "sqlproxy/ConnPool.h"
#include "sqlproxy/ProxyConfig.h"
#include "sqlproxy/StatementCache.h"
#include "sqlproxy/WireProtocol.h"
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace sqlproxy {

class HealthChecker;

class Router : public std::enable_shared_from_this<Router> {
public:
  Router(const ProxyConfig &cfg, std::shared_ptr<StatementCache> stmts);

  void attachHealth(const std::shared_ptr<HealthChecker> &health);
  void warmUp();
  QueryResult execute(const std::string &sql);
  QueryResult executePrepared(const std::string &sql, const std::vector<std::string> &params);
  void reconfigure(const ProxyConfig &cfg);
  void markHealth(const std::string &backend, bool up);
  void maintenance();
  void closePools();
  bool knowsDatabase(const std::string &database) const;
  std::string describePools() const;

private:
  std::shared_ptr<ConnPool> pick(const std::string &sql);
  void watchRecovery(const std::string &name, const std::shared_ptr<ConnPool> &pool);

  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<ConnPool>> pools_;
  std::set<std::string> down_;
  std::weak_ptr<HealthChecker> health_;
  std::shared_ptr<StatementCache> stmts_;
  BackendAuth auth_;
  PoolSettings settings_;
  std::size_t roundRobin_ = 0;
};

} // namespace sqlproxy
