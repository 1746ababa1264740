// Reconnector: re-dials followers whose control link went down or keeps failing.
#include "kvlog/reconnector.h"
#include "kvlog/log.h"

namespace kvlog {

Reconnector::Reconnector(FollowerTable &table, Dialer dial)
    : table_(table), dial_(std::move(dial)) {}

void Reconnector::noteFailure(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  ++failures_[id];
}

void Reconnector::noteAck(const std::string &id, std::uint64_t seq) {
  std::lock_guard<std::mutex> lock(mu_);
  acked_[id] = seq;
  failures_.erase(id);
}

void Reconnector::clearFailures(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  failures_.erase(id);
}

std::vector<std::string> Reconnector::flakyFollowers() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> flaky;
  for (const auto &kv : failures_) {
    if (kv.second >= kMaxFailures)
      flaky.push_back(kv.first);
  }
  return flaky;
}

std::string Reconnector::resumeFrame(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = acked_.find(id);
  return "RESUME " + id + " " + std::to_string(it == acked_.end() ? 0 : it->second);
}

void Reconnector::tick() {
  for (const std::string &id : table_.downFollowers()) {
    FollowerTable::ConnPtr old = table_.get(id);
    if (!old)
      continue;
    FollowerTable::ConnPtr fresh = dial_(old->endpoint()); // OK: endpoint() is a plain accessor, not a use of the link
    if (!fresh)
      continue;
    table_.replace(id, fresh, resumeFrame(id));
    clearFailures(id);
    logInfo("replication: re-dialled follower %s", id.c_str());
  }

  for (const std::string &id : flakyFollowers()) {
    FollowerTable::ConnPtr conn = table_.get(id);
    if (!conn)
      continue;
    FollowerTable::ConnPtr fresh = dial_(conn->endpoint());
    if (!fresh)
      continue;
    table_.replace(id, fresh, resumeFrame(id));
    // Push out whatever was still queued on the old link.
    conn->flush(); // BUG: use-after-close
    clearFailures(id);
    logInfo("replication: replaced flaky link to %s", id.c_str());
  }
}

} // namespace kvlog
