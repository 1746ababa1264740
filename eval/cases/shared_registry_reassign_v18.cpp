// Connection registry for a sharded cache client. ShardRegistry hands out
// shared_ptr<ShardConn>; on failover it closes the shard's connection and
// stores a new one in the same slot. CacheClient looks the shard up on every
// call and follows the failover. WriteMirror copied the shared_ptr once in its
// constructor: reassigning the registry slot does not change the mirror's
// copy, which still points to the old, closed connection. At shutdown the
// standby handle taken from the registry is closed again after closeAll().
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

// One connection to a cache shard. put()/get() throw std::runtime_error after
// close(); close() twice throws std::logic_error.
class ShardConn {
public:
  explicit ShardConn(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  void put(const std::string &key, const std::string &value) {
    if (closed_)
      throw std::runtime_error("shard connection closed: " + endpoint_);
    data_[key] = value;
  }
  std::string get(const std::string &key) {
    if (closed_)
      throw std::runtime_error("shard connection closed: " + endpoint_);
    auto it = data_.find(key);
    return it == data_.end() ? std::string() : it->second;
  }
  void close() {
    if (closed_)
      throw std::logic_error("shard connection closed twice: " + endpoint_);
    closed_ = true;
  }
  const std::string &endpoint() const { return endpoint_; }

private:
  std::string endpoint_;
  std::map<std::string, std::string> data_;
  bool closed_ = false;
};

class ShardRegistry {
public:
  void add(int shard, const std::string &endpoint) {
    shards_[shard] = std::make_shared<ShardConn>(endpoint);
  }
  std::shared_ptr<ShardConn> get(int shard) const { return shards_.at(shard); }

  // Replaces the shard's connection with one to the new primary.
  void failover(int shard, const std::string &newEndpoint) {
    std::shared_ptr<ShardConn> &slot = shards_.at(shard);
    slot->close();
    slot = std::make_shared<ShardConn>(newEndpoint);
  }

  // Closes every registered connection at shutdown.
  void closeAll() {
    for (auto &entry : shards_)
      entry.second->close();
  }

private:
  std::map<int, std::shared_ptr<ShardConn>> shards_;
};

class CacheClient {
public:
  explicit CacheClient(const ShardRegistry &registry) : registry_(registry) {}
  void put(int shard, const std::string &key, const std::string &value) {
    registry_.get(shard)->put(key, value); // OK: looks the slot up on every call
  }

private:
  const ShardRegistry &registry_;
};

// Mirrors writes to a shard for the warm-standby cache.
class WriteMirror {
public:
  explicit WriteMirror(std::shared_ptr<ShardConn> target)
      : target_(std::move(target)) {}
  void replicate(const std::string &key, const std::string &value) {
    target_->put("mirror:" + key, value); // SAME: mirror_stale
  }

private:
  std::shared_ptr<ShardConn> target_;
};

int main() {
  ShardRegistry registry;
  registry.add(0, "cache-a:7000");
  registry.add(1, "cache-c:7000");
  CacheClient client(registry);
  WriteMirror mirror(registry.get(0));

  try {
    client.put(0, "user:1", "alice");
    mirror.replicate("user:1", "alice");

    std::shared_ptr<ShardConn> session = registry.get(1);
    registry.failover(1, "cache-d:7000");
    session = registry.get(1);
    session->put("user:2", "bob"); // OK: session was re-read after the failover

    registry.failover(0, "cache-b:7000");
    client.put(0, "user:3", "carol"); // OK: the client sees the new connection
    mirror.replicate("user:3", "carol"); // BUG: use-after-close #mirror_stale
  } catch (const std::exception &e) {
    std::cerr << "cache write failed: " << e.what() << "\n";
  }

  // Shutdown: the standby handle is the registry's shard-1 connection.
  std::shared_ptr<ShardConn> standby = registry.get(1);
  try {
    registry.closeAll();
    standby->close(); // BUG: double-close
  } catch (const std::exception &e) {
    std::cerr << "shutdown failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
