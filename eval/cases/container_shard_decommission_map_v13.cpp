// Customer-data shard router: a std::map from shard id to ShardConnection.
// decommission() closes shards by key but leaves the entries in the map (the
// maintenance job erases them later with compact()); moveShards() closes,
// erases and re-creates an entry. ShardConnection::write() throws once the
// connection is closed; close() is idempotent.
//
// Bug: Sessions is a reference to the element of shard 2; decommission({2})
// closes that element (it stays in the map, so the reference is still valid)
// and the next write through the reference throws.
// Bug: the billing sync in rehomeShard() calls put() during the window; for a
// customer on shard 2 (11 % 3 == 2) put() finds the closed entry, which
// compact() has not erased yet, and writes on it.
// Correct: tryPut() checks isClosed() after the find; after compact() and
// moveShards() shard 2 is a fresh connection; closeAll() runs again in the
// destructor, and close() is idempotent.
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

class ShardConnection {
public:
  ShardConnection(int Shard, std::string Host) : Shard(Shard), Host(std::move(Host)) {}
  void write(const std::string &Key, const std::string &Value) {
    if (Closed)
      throw std::runtime_error("shard " + std::to_string(Shard) + " connection closed");
    std::cout << Host << " SET " << Key << " " << Value << "\n";
    ++Writes;
  }
  void close() {
    if (Closed)
      return;
    std::cout << Host << " closed after " << Writes << " writes\n";
    Closed = true;
  }
  bool isClosed() const { return Closed; }

private:
  int Shard;
  std::string Host;
  long Writes = 0;
  bool Closed = false;
};

class ShardRouter {
public:
  explicit ShardRouter(const std::map<int, std::string> &Hosts) : NumShards(Hosts.size()) {
    for (const auto &[Id, Host] : Hosts)
      Shards.emplace(Id, ShardConnection(Id, Host));
  }
  ~ShardRouter() { closeAll(); }

  ShardConnection &shard(int Id) { return Shards.at(Id); }

  void put(long Customer, const std::string &Value) {
    auto It = Shards.find(shardOf(Customer));
    if (It == Shards.end())
      throw std::out_of_range("no shard for customer " + std::to_string(Customer));
    It->second.write("customer:" + std::to_string(Customer), Value); // SAME: put
  }

  bool tryPut(long Customer, const std::string &Value) {
    auto It = Shards.find(shardOf(Customer));
    if (It == Shards.end() || It->second.isClosed())
      return false;
    It->second.write("customer:" + std::to_string(Customer), Value); // OK: checked after the find
    return true;
  }

  void decommission(const std::vector<int> &Ids) {
    for (int Id : Ids) {
      auto It = Shards.find(Id);
      if (It != Shards.end())
        It->second.close();
    }
  }

  void compact() {
    for (auto It = Shards.begin(); It != Shards.end();)
      It = It->second.isClosed() ? Shards.erase(It) : std::next(It);
  }

  void moveShards(const std::map<int, std::string> &NewHosts) {
    for (const auto &[Id, Host] : NewHosts) {
      auto It = Shards.find(Id);
      if (It != Shards.end()) {
        It->second.close();
        Shards.erase(It);
      }
      Shards.emplace(Id, ShardConnection(Id, Host));
    }
  }

  void closeAll() {
    for (auto &[Id, Conn] : Shards)
      Conn.close(); // close() is idempotent: closeAll() runs again in the destructor
  }

private:
  int shardOf(long Customer) const { return static_cast<int>(Customer % NumShards); }

  std::map<int, ShardConnection> Shards;
  long NumShards;
};

// Moves the session store off shard 2 (the application keeps a reference to
// the session shard for its hot path).
void retireSessionShard(ShardRouter &Router) {
  ShardConnection &Sessions = Router.shard(2);
  Sessions.write("session:9", "token-1");
  Router.decommission({2});
  Sessions.write("session:9:ttl", "3600"); // BUG: use-after-close
}

// Shard 2 is re-homed while signups and the billing sync keep running.
void rehomeShard(ShardRouter &Router, const std::vector<long> &Signups,
                 const std::vector<long> &BillingCustomers) {
  Router.decommission({2});
  std::vector<long> Deferred;
  for (long Customer : Signups)
    if (!Router.tryPut(Customer, "signup")) // tryPut() sees the closed shard
      Deferred.push_back(Customer);
  for (long Customer : BillingCustomers)
    Router.put(Customer, "billing-sync"); // BUG: use-after-close #put

  Router.compact();
  Router.moveShards({{2, "db-d:6379"}});
  for (long Customer : Deferred)
    Router.put(Customer, "signup"); // OK: shard 2 was re-created by moveShards()
  Router.shard(2).write("rehome:done", "1");
  Router.closeAll();
}

std::vector<long> readCustomerIds(std::istream &In) {
  std::vector<long> Ids;
  for (long Id; In >> Id;)
    Ids.push_back(Id);
  return Ids;
}

int main(int argc, char **argv) {
  ShardRouter Router({{0, "db-a:6379"}, {1, "db-b:6379"}, {2, "db-c:6379"}});
  Router.put(42, "alice");
  if (argc > 1 && std::string(argv[1]) == "retire-sessions")
    retireSessionShard(Router);
  else
    rehomeShard(Router, {7, 8, 9}, readCustomerIds(std::cin));
  return 0;
}
