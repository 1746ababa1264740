// FollowerTable: control connections of the followers (see follower_table.h).
#include "kvlog/follower_table.h"
#include "kvlog/log.h"

namespace kvlog {

void FollowerTable::add(const std::string &id, ConnPtr conn) {
  std::lock_guard<std::mutex> lock(mu_);
  peers_[id] = std::move(conn);
}

FollowerTable::ConnPtr FollowerTable::get(const std::string &id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = peers_.find(id);
  return it == peers_.end() ? nullptr : it->second;
}

void FollowerTable::replace(const std::string &id, ConnPtr fresh, const std::string &greeting) {
  std::lock_guard<std::mutex> lock(mu_);
  ConnPtr &slot = peers_[id];
  if (slot)
    slot->close(); // OK: Connection::close() is idempotent; a down follower's link is closed already
  slot = std::move(fresh);
  if (!greeting.empty())
    slot->send(greeting); // OK: slot holds the fresh connection now
}

void FollowerTable::markDown(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = peers_.find(id);
  if (it == peers_.end())
    return;
  it->second->close();
  logWarn("replication: follower %s marked down", id.c_str());
}

void FollowerTable::remove(const std::string &id) {
  ConnPtr conn;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = peers_.find(id);
    if (it == peers_.end())
      return;
    conn = std::move(it->second);
    peers_.erase(it);
  }
  conn->close();
}

void FollowerTable::broadcast(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &kv : peers_)
    kv.second->send(frame); // BUG: use-after-close
}

void FollowerTable::pingOpen(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &kv : peers_) {
    if (kv.second->isClosed())
      continue;
    kv.second->send(frame); // OK: closed links are skipped under the table lock
  }
}

std::vector<std::string> FollowerTable::downFollowers() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> down;
  for (const auto &kv : peers_) {
    if (kv.second->isClosed())
      down.push_back(kv.first);
  }
  return down;
}

void FollowerTable::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &kv : peers_)
    kv.second->close();
  peers_.clear();
}

std::size_t FollowerTable::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return peers_.size();
}

} // namespace kvlog
