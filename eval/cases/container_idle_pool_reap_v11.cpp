// A database connection pool. reapIdle() and closeTenant() close connections
// and erase them from the vector in the same step, so pingAll() afterwards only
// reaches live connections. failover() closes every connection, clears the
// vector and refills it with new connections before configuring the first one.
// There is no use of a closed connection anywhere.
#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using Clock = std::chrono::steady_clock;

class PooledConn {
public:
  PooledConn(std::string host, std::string tenant)
      : host_(std::move(host)), tenant_(std::move(tenant)), lastUsed_(Clock::now()) {}
  void query(const std::string &sql) {
    if (!open_)
      throw std::runtime_error("query on closed connection to " + host_);
    lastSql_ = sql;
    lastUsed_ = Clock::now();
  }
  void close() { open_ = false; }
  const std::string &tenant() const { return tenant_; }
  Clock::time_point lastUsed() const { return lastUsed_; }

private:
  std::string host_, tenant_, lastSql_;
  Clock::time_point lastUsed_;
  bool open_ = true;
};

class ConnPool {
public:
  void add(std::string host, std::string tenant) {
    conns_.push_back(std::make_unique<PooledConn>(std::move(host), std::move(tenant)));
  }

  void reapIdle(Clock::duration limit) {
    const auto now = Clock::now();
    for (auto it = conns_.begin(); it != conns_.end();) {
      if (now - (*it)->lastUsed() > limit) {
        (*it)->close();
        it = conns_.erase(it);
      } else {
        ++it;
      }
    }
  }

  void closeTenant(const std::string &tenant) {
    auto firstClosed = std::partition(
        conns_.begin(), conns_.end(), [&](const auto &c) { return c->tenant() != tenant; });
    for (auto it = firstClosed; it != conns_.end(); ++it)
      (*it)->close();
    conns_.erase(firstClosed, conns_.end());
  }

  void pingAll() {
    for (auto &conn : conns_)
      conn->query("SELECT 1"); // OK: every closed connection was erased from conns_
  }

  void failover(const std::string &newPrimary) {
    std::vector<std::string> tenants;
    for (auto &conn : conns_) {
      tenants.push_back(conn->tenant());
      conn->close();
    }
    conns_.clear();
    for (auto &t : tenants)
      add(newPrimary, t);
    if (!conns_.empty())
      conns_.front()->query("SET application_name = 'api'"); // OK: conns_ holds only new connections
  }

private:
  std::vector<std::unique_ptr<PooledConn>> conns_;
};

void maintenance(ConnPool &pool) {
  pool.reapIdle(std::chrono::minutes(5));
  pool.closeTenant("trial-42");
  pool.pingAll();
  pool.failover("db-replica-2.internal");
  pool.pingAll(); // OK: failover() refilled the pool with open connections
}
