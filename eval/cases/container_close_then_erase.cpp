// A connection pool closes an idle connection and erases it from the map; a
// later post to the same key through operator[] or emplace creates a fresh,
// open element, and an element replaced by assignment is fresh too (negative
// case: every send reaches an open connection).
#include "netconn.h"

#include <map>
#include <string>
#include <vector>

class ConnectionPool {
public:
  void evict(const std::string &host) {
    auto it = pool_.find(host);
    if (it == pool_.end())
      return;
    it->second.close();
    pool_.erase(it);
    pool_[host].send("warmup"); // OK
  }

  void recycle(const std::string &host) {
    pool_.at(host).close();
    pool_.erase(host);
    auto [slot, inserted] = pool_.emplace(host, net::Connection("tcp://" + host));
    slot->second.send("HELLO"); // OK
  }

  void replace(std::vector<net::Connection> &lanes, std::size_t i) {
    lanes[i].close();
    lanes[i] = net::Connection(lanes[i].endpoint()); // OK
    lanes[i].send("HELLO"); // OK
    if (i + 1 < lanes.size())
      lanes[i + 1].send("neighbour restarted"); // OK
  }

private:
  std::map<std::string, net::Connection> pool_;
};
