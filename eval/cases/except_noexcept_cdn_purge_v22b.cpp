// CDN purge dispatcher. A purge (by surrogate key) is signed and fanned out to
// every edge point of presence over net::Connection (netconn.h: send()/flush()
// throw once closed, close() is idempotent).
// Negative case: purgeOne() closes inside the try and after that only calls a
// noexcept function and a plain accessor, and its catch sends only when the
// connection is still open; broadcast() closes a failed edge, replaces it and
// rethrows, so the commit loop runs only when every send succeeded; handOver()
// closes one edge and uses a different one (at least two edges); shutdown()
// skips edges that are already closed.
#include "netconn.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct PurgeRequest {
  std::string surrogateKey;
  std::vector<std::string> urls;
};

void recordLatency(const std::string &pop, long micros) noexcept;
std::string signPurge(const PurgeRequest &req); // throws std::invalid_argument

class PurgeDispatcher {
public:
  explicit PurgeDispatcher(const std::vector<std::string> &pops) {
    for (const std::string &p : pops)
      edges_.emplace_back(p);
  }

  // One-shot purge over a dedicated connection to a single POP.
  static bool purgeOne(net::Connection &conn, const PurgeRequest &req) {
    auto t0 = std::chrono::steady_clock::now();
    try {
      conn.send(signPurge(req));
      conn.flush();
      conn.close();
      auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                    std::chrono::steady_clock::now() - t0).count();
      recordLatency(conn.endpoint(), static_cast<long>(us)); // OK: endpoint() is a plain accessor
    } catch (const std::exception &e) {
      std::fprintf(stderr, "purge %s: %s\n", req.surrogateKey.c_str(), e.what());
      if (!conn.isClosed())
        conn.send("PURGE-ABORT " + req.surrogateKey); // OK: guarded by isClosed()
      return false;
    }
    return true;
  }

  void broadcast(const PurgeRequest &req) {
    const std::string wire = signPurge(req);
    for (net::Connection &edge : edges_) {
      try {
        edge.send(wire);
        edge.flush();
      } catch (const std::runtime_error &) {
        std::string pop = edge.endpoint();
        edge.close();
        edge = net::Connection(pop); // fresh connection for the next purge
        throw;
      }
    }
    for (net::Connection &edge : edges_)
      edge.send("COMMIT " + req.surrogateKey); // OK: a failed edge rethrew above
  }

  // POP i goes into maintenance; its neighbour takes over its traffic.
  void handOver(std::size_t i) {
    if (edges_.size() < 2 || i >= edges_.size())
      return;
    edges_[i].send("DRAIN");
    edges_[i].close();
    std::size_t next = (i + 1) % edges_.size();
    edges_[next].send("TAKEOVER " + edges_[i].endpoint()); // OK: next != i, a different connection
    edges_[i] = net::Connection(edges_[i].endpoint());
  }

  void shutdown() noexcept {
    for (net::Connection &edge : edges_) {
      if (edge.isClosed())
        continue;
      try {
        edge.send("BYE"); // OK: closed edges were skipped
        edge.flush();
      } catch (...) {
      }
      edge.close();
    }
  }

private:
  std::vector<net::Connection> edges_;
};

int main() {
  PurgeDispatcher dispatcher({"fra1.edge", "ams2.edge", "lhr1.edge"});
  PurgeRequest req{"product-4711", {"/p/4711", "/img/4711.webp"}};
  try {
    dispatcher.broadcast(req);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "broadcast failed: %s\n", e.what());
  }
  net::Connection origin("origin-shield.internal");
  PurgeDispatcher::purgeOne(origin, req);
  dispatcher.handOver(1);
  dispatcher.shutdown();
  return 0;
}
