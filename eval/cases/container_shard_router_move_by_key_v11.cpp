// A shard router keeps one BackendConn per shard in a std::map. drainShard()
// closes a shard's connection and erases the entry; replaceShard() erases and
// emplaces a new connection before greeting it. moveShard() freezes and closes
// the source shard's connection but keeps its map entry, and after telling the
// target to adopt the shard it sends the MOVED notice through conns_.at(shard),
// which is the connection it just closed.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BackendConn {
public:
  explicit BackendConn(std::string addr) : addr_(std::move(addr)) {}
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("backend " + addr_ + ": connection closed");
    pending_.push_back(frame);
  }
  void close() {
    closed_ = true;
    pending_.clear();
  }
  bool isClosed() const { return closed_; }

private:
  std::string addr_;
  std::vector<std::string> pending_;
  bool closed_ = false;
};

class ShardRouter {
public:
  void addShard(int shard, std::string addr) { conns_.try_emplace(shard, std::move(addr)); }

  void route(int shard, const std::string &request) {
    auto it = conns_.find(shard);
    if (it == conns_.end())
      throw std::out_of_range("no backend for shard " + std::to_string(shard));
    it->second.send(request);
  }

  void drainShard(int shard) {
    auto it = conns_.find(shard);
    if (it == conns_.end())
      return;
    it->second.send("DRAIN");
    it->second.close();
    conns_.erase(it);
  }

  void replaceShard(int shard, std::string addr) {
    conns_.erase(shard);
    auto [it, inserted] = conns_.try_emplace(shard, std::move(addr));
    it->second.send("HELLO " + std::to_string(shard)); // OK: freshly emplaced connection
  }

  void moveShard(int shard, int target) {
    if (shard == target)
      return;
    BackendConn &source = conns_.at(shard);
    source.send("FREEZE");
    source.close();
    conns_.at(target).send("ADOPT " + std::to_string(shard));
    conns_.at(shard).send("MOVED " + std::to_string(target)); // BUG: use-after-close
  }

  void closeAll() {
    for (auto &[id, conn] : conns_)
      if (!conn.isClosed())
        conn.close();
  }

private:
  std::map<int, BackendConn> conns_;
};

void rebalanceCluster(ShardRouter &router) {
  router.drainShard(1);
  router.route(2, "GET /status"); // OK: shard 2 was not drained
  router.replaceShard(1, "10.0.0.9:7000");
  router.route(1, "GET /status"); // OK: shard 1 has a new connection
  router.moveShard(3, 2);
  router.closeAll();
}
