// Control connections of the followers, keyed by follower id. Every method
// takes the table lock. markDown() closes a follower's connection but keeps the
// entry so the reconnector can find its endpoint; replace() closes the old
// connection (if any), installs a fresh one and sends it a greeting; remove()
// closes and forgets it; closeAll() closes and forgets every follower.
// net::Connection: send()/flush() throw once closed; close() is idempotent.
#pragma once
#include "netconn.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kvlog {

class FollowerTable {
public:
  using ConnPtr = std::shared_ptr<net::Connection>;

  void add(const std::string &id, ConnPtr conn);
  ConnPtr get(const std::string &id) const;
  void replace(const std::string &id, ConnPtr fresh, const std::string &greeting);
  void markDown(const std::string &id);
  void remove(const std::string &id);
  void broadcast(const std::string &frame);
  void pingOpen(const std::string &frame);
  std::vector<std::string> downFollowers() const;
  void closeAll();
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, ConnPtr> peers_;
};

} // namespace kvlog
