// Upstream connection pool for the HTTP reverse proxy: one net::Connection
// per upstream host, stored by value in an unordered_map. Every place that
// closes a pooled connection erases it in the same step (by key, in an
// erase-while-iterating loop, or all of them before clear()), and get()
// replaces a closed entry before handing it out, so no pooled connection is
// used after its close. sendWithFailover() works on a vector of replicas and
// skips the ones already closed. net::Connection::send() throws once closed.
// Correct throughout: no use after close and no double close.
#include "netconn.h"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

class UpstreamPool {
public:
  net::Connection &get(const std::string &host);
  void forward(const std::string &host, const std::string &request);
  void retire(const std::string &host);
  void reapIdle(const std::unordered_map<std::string, int> &idleSeconds,
                int limitSeconds);
  void drainAll(std::vector<std::string> &log);

private:
  std::unordered_map<std::string, net::Connection> conns_;
};

net::Connection &UpstreamPool::get(const std::string &host) {
  auto it = conns_.find(host);
  if (it != conns_.end() && it->second.isClosed()) {
    conns_.erase(it);
    it = conns_.end();
  }
  if (it == conns_.end())
    it = conns_.emplace(host, net::Connection(host)).first;
  return it->second;
}

void UpstreamPool::forward(const std::string &host, const std::string &request) {
  net::Connection &conn = get(host);
  conn.send(request); // OK: get() never returns a closed connection
  conn.flush();
}

void UpstreamPool::retire(const std::string &host) {
  auto it = conns_.find(host);
  if (it == conns_.end())
    return;
  it->second.flush();
  it->second.close();
  conns_.erase(it);
}

void UpstreamPool::reapIdle(
    const std::unordered_map<std::string, int> &idleSeconds, int limitSeconds) {
  for (auto it = conns_.begin(); it != conns_.end();) {
    auto idle = idleSeconds.find(it->first);
    if (idle != idleSeconds.end() && idle->second > limitSeconds) {
      it->second.close();
      it = conns_.erase(it);
    } else {
      it->second.send("PING"); // OK: the closed entry was erased, this one is open
      ++it;
    }
  }
}

void UpstreamPool::drainAll(std::vector<std::string> &log) {
  std::vector<std::string> hosts;
  hosts.reserve(conns_.size());
  for (const auto &entry : conns_)
    hosts.push_back(entry.first);
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    net::Connection &conn = conns_.at(hosts[i]);
    conn.send("GOAWAY");
    conn.close();
    log.push_back(hosts[i] + " drained");
  }
  conns_.clear();
}

bool sendWithFailover(std::vector<net::Connection> &replicas,
                      const std::string &message) {
  for (std::size_t i = 0; i < replicas.size(); ++i) {
    if (replicas[i].isClosed())
      continue;
    try {
      replicas[i].send(message);
      replicas[i].flush();
      return true;
    } catch (const std::runtime_error &) {
      replicas[i].close();
    }
  }
  return false;
}

void proxyCycle(UpstreamPool &pool,
                const std::unordered_map<std::string, int> &idleSeconds) {
  pool.forward("catalog.internal:8080", "GET /items HTTP/1.1");
  pool.retire("catalog.internal:8080");
  pool.forward("catalog.internal:8080", "GET /items/7 HTTP/1.1"); // OK: get() opens a new connection after retire()
  pool.reapIdle(idleSeconds, 30);
  std::vector<std::string> log;
  pool.drainAll(log);
}
