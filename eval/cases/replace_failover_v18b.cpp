// Message router: a Router forwards client messages to a backend over a
// shared net::Connection and recycles that connection every N messages (close
// the old one, open a fresh one). A per-shard table of connections is
// refreshed by assigning fresh Connection objects. forwardSplit() keeps a
// local shared_ptr to the connection from before the recycle and sends the
// body on it after recycle() closed it, and broadcast() sends on every shard
// connection, including the ones dropShard() closed.
// net::Connection (netconn.h): send()/flush() throw once closed.
#include "netconn.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct Message {
  std::string header;
  std::string body;
};

class Router {
public:
  Router(std::string backend, int recycleEvery, std::size_t shards)
      : backend_(std::move(backend)), recycleEvery_(recycleEvery) {
    current_ = std::make_shared<net::Connection>(backend_);
    for (std::size_t i = 0; i < shards; ++i)
      shards_.emplace_back(backend_ + "/shard" + std::to_string(i));
  }

  void forward(const Message &m) {
    countAndMaybeRecycle();
    current_->send(m.header); // OK: current_ always points to an open connection
    current_->send(m.body);
  }

  void forwardSplit(const Message &m) {
    std::shared_ptr<net::Connection> conn = current_;
    conn->send(m.header);
    countAndMaybeRecycle();
    conn->send(m.body); // BUG: use-after-close
  }

  void forwardToShard(std::size_t shard, const std::string &payload) {
    net::Connection &c = shards_.at(shard);
    if (c.isClosed())
      c = net::Connection(backend_ + "/shard" + std::to_string(shard));
    c.send(payload); // OK: a closed shard connection was replaced above
  }

  void resetShard(std::size_t shard) {
    shards_.at(shard).close();
    shards_.at(shard) = net::Connection(backend_ + "/shard" + std::to_string(shard));
    shards_.at(shard).send("shard-hello"); // OK: assigned a fresh connection
  }

  void dropShard(std::size_t shard) { shards_.at(shard).close(); }

  // Announces a schema change on every shard connection.
  void broadcast(const std::string &notice) {
    for (net::Connection &c : shards_)
      c.send(notice); // SAME: schemabcast
  }

  void flushAll() {
    current_->flush();
    for (net::Connection &c : shards_)
      if (!c.isClosed())
        c.flush();
  }

private:
  void countAndMaybeRecycle() {
    if (++sinceRecycle_ < recycleEvery_)
      return;
    sinceRecycle_ = 0;
    current_->close();
    current_ = std::make_shared<net::Connection>(backend_);
    std::fprintf(stderr, "router: recycled connection to %s\n", backend_.c_str());
  }

  std::string backend_;
  int recycleEvery_;
  int sinceRecycle_ = 0;
  std::shared_ptr<net::Connection> current_;
  std::vector<net::Connection> shards_;
};

int main() {
  Router router("backend.internal:9000", 3, 4);
  router.forward({"h1", "b1"});
  router.forward({"h2", "b2"});
  try {
    router.forwardSplit({"h3", "b3"});
  } catch (const std::exception &e) {
    std::fprintf(stderr, "forward failed: %s\n", e.what());
  }
  router.dropShard(2);
  router.forwardToShard(2, "late payload");
  router.resetShard(1);
  router.dropShard(3);
  try {
    router.broadcast("schema v7"); // BUG: use-after-close #schemabcast
  } catch (const std::exception &e) {
    std::fprintf(stderr, "broadcast failed: %s\n", e.what());
  }
  router.flushAll();
  return 0;
}
