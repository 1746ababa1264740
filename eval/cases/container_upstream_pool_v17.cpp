// Reverse-proxy upstream pool. Keeps one net::Connection per backend in a
// vector (round-robin order) plus a name index, forwards requests, evicts
// unhealthy backends, rebalances and shuts the pool down.
// net::Connection (netconn.h): send()/flush() throw once closed; close() is
// idempotent.
#include "netconn.h"

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

class UpstreamPool {
public:
  explicit UpstreamPool(const std::vector<std::string> &endpoints) {
    for (const std::string &ep : endpoints) {
      index_[ep] = backends_.size();
      backends_.emplace_back(ep);
    }
  }

  // Round-robin forward.
  void forward(const std::string &payload) {
    if (backends_.empty())
      return;
    net::Connection &conn = backends_[next_++ % backends_.size()];
    conn.send(payload); // BUG: use-after-close
  }

  // Forward that skips closed backends.
  bool forwardHealthy(const std::string &payload) {
    for (std::size_t tries = 0; tries < backends_.size(); ++tries) {
      net::Connection &conn = backends_[next_++ % backends_.size()];
      if (conn.isClosed())
        continue;
      conn.send(payload); // OK: closed backends are skipped
      return true;
    }
    return false;
  }

  // Sticky sessions: the client's cookie names the backend it must reach.
  void forwardSticky(const std::string &endpoint, const std::string &payload) {
    auto it = index_.find(endpoint);
    if (it == index_.end())
      return forward(payload);
    backends_[it->second].send(payload); // SAME: sticky
  }

  // Health checker reports a failing backend by name.
  void evict(const std::string &endpoint) {
    auto it = index_.find(endpoint);
    if (it == index_.end())
      return;
    backends_[it->second].close();
    unhealthy_.insert(endpoint);
  }

  // Reconnects evicted backends in place.
  void revive() {
    for (const std::string &ep : unhealthy_) {
      net::Connection &slot = backends_[index_[ep]];
      slot = net::Connection(ep);
      slot.send("PING"); // OK: slot was replaced by a fresh connection
    }
    unhealthy_.clear();
  }

  // Periodic flush of buffered writes.
  void flushAll() {
    for (net::Connection &conn : backends_) {
      if (conn.isClosed())
        continue;
      conn.flush(); // OK: closed backends are skipped
    }
  }

  // Drops every connection and reconnects to the new backend list.
  void rebalance(const std::vector<std::string> &endpoints) {
    for (net::Connection &conn : backends_)
      conn.close();
    // Tell the primary about the new topology before dropping the old set.
    if (!backends_.empty())
      backends_.front().send("TOPOLOGY " + joined(endpoints)); // BUG: use-after-close
    backends_.clear();
    index_.clear();
    unhealthy_.clear();
    for (const std::string &ep : endpoints) {
      index_[ep] = backends_.size();
      backends_.emplace_back(ep);
    }
  }

  void shutdown() {
    drainAll();
    announce("GOAWAY"); // BUG: use-after-close #announce
  }

  // Second shutdown step used by the admin endpoint; close() is idempotent.
  void forceClose() {
    for (net::Connection &conn : backends_)
      conn.close(); // OK: net::Connection::close() is idempotent
  }

  // A backend leaves the cluster: close it and tell the remaining ones.
  void retire(const std::string &endpoint) {
    for (net::Connection &conn : backends_) {
      if (conn.endpoint() == endpoint) {
        conn.close();
        unhealthy_.insert(endpoint);
      } else if (!conn.isClosed()) {
        conn.send("PEER-LEFT " + endpoint); // OK: a different connection than the one closed
      }
    }
  }

private:
  static std::string joined(const std::vector<std::string> &items) {
    std::string out;
    for (const std::string &item : items)
      out += (out.empty() ? "" : ",") + item;
    return out;
  }

  void drainAll() {
    for (net::Connection &conn : backends_) {
      if (!conn.isClosed())
        conn.flush(); // OK: guarded by isClosed()
      conn.close();
    }
  }

  void announce(const std::string &msg) {
    for (net::Connection &conn : backends_)
      conn.send(msg); // SAME: announce
  }

  std::vector<net::Connection> backends_;
  std::map<std::string, std::size_t> index_;
  std::set<std::string> unhealthy_;
  std::size_t next_ = 0;
};

int main() {
  UpstreamPool pool({"10.0.0.1:8080", "10.0.0.2:8080", "10.0.0.3:8080"});
  pool.forward("GET /a");
  pool.evict("10.0.0.2:8080");
  pool.forwardHealthy("GET /b");
  pool.forwardSticky("10.0.0.2:8080", "GET /cart"); // BUG: use-after-close #sticky
  pool.forward("GET /c");
  pool.revive();
  pool.flushAll();
  pool.rebalance({"10.0.1.1:8080", "10.0.1.2:8080"});
  pool.shutdown();
  return 0;
}
