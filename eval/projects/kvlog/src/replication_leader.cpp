// ReplicationLeader: data streams, control links and heartbeats for followers.
#include "kvlog/replication_leader.h"
#include "kvlog/log.h"

namespace kvlog {

ReplicationLeader::ReplicationLeader(std::chrono::milliseconds heartbeat,
                                     std::chrono::milliseconds followerTimeout,
                                     Reconnector::Dialer dial)
    : heartbeatInterval_(heartbeat), followerTimeout_(followerTimeout), dial_(dial),
      reconnector_(followers_, std::move(dial)), heartbeat_("replication-heartbeat") {}

ReplicationLeader::~ReplicationLeader() { stop(); }

void ReplicationLeader::start() {
  heartbeat_.start(heartbeatInterval_, [this] { onHeartbeat(); });
}

void ReplicationLeader::addFollower(const std::string &id, const std::string &endpoint) {
  auto channel = std::make_shared<repl::ReplicationChannel>(endpoint);
  auto stream = std::make_shared<FollowerStream>(id, channel);
  stream->start();
  std::shared_ptr<FollowerStream> previous;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_) {
      stream->close();
      return;
    }
    std::shared_ptr<FollowerStream> &slot = streams_[id];
    previous = std::move(slot);
    slot = stream;
    lastAck_[id] = std::chrono::steady_clock::now();
    stream->enqueue("HELLO " + id + " term=" + std::to_string(term_)); // OK: queued under mu_, and stop() closes streams under mu_
  }
  if (previous)
    previous->close(); // OK: closes the stream that this one replaced
  if (FollowerTable::ConnPtr control = dial_(endpoint))
    followers_.replace(id, std::move(control), "CONTROL " + id);
}

void ReplicationLeader::removeFollower(const std::string &id) {
  std::shared_ptr<FollowerStream> stream;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = streams_.find(id);
    if (it == streams_.end())
      return;
    stream = std::move(it->second);
    streams_.erase(it);
    lastAck_.erase(id);
  }
  stream->close(); // OK: FollowerStream::close() is idempotent (stop() may have closed it)
  stream->channel()->send("STOP " + id); // BUG: use-after-close
  followers_.remove(id);
}

void ReplicationLeader::streamRecord(const std::string &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_)
    return;
  for (auto &kv : streams_)
    kv.second->enqueue(frame); // OK: stopped_ is checked under mu_, and stop() sets it before closing
}

void ReplicationLeader::announceTerm(std::uint64_t term) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    term_ = term;
  }
  followers_.broadcast("TERM " + std::to_string(term));
}

void ReplicationLeader::onAck(const std::string &id, std::uint64_t seq) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = lastAck_.find(id);
    if (it == lastAck_.end())
      return;
    it->second = std::chrono::steady_clock::now();
  }
  reconnector_.noteAck(id, seq);
}

void ReplicationLeader::onHeartbeat() {
  std::vector<std::string> failing;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const std::string lease = "LEASE term=" + std::to_string(term_);
    for (auto &kv : streams_)
      kv.second->enqueue(lease); // BUG: use-after-close #hb_race
    for (const auto &kv : streams_) {
      if (kv.second->failures() > 0)
        failing.push_back(kv.first);
    }
  }
  // A follower whose data stream keeps failing gets its control link replaced.
  for (const std::string &id : failing)
    reconnector_.noteFailure(id);
  followers_.pingOpen("PING"); // OK: pingOpen() skips closed links under the table lock
  checkLag();
  reconnector_.tick();
}

void ReplicationLeader::checkLag() {
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::string> late;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto &kv : lastAck_) {
      if (now - kv.second > followerTimeout_) {
        late.push_back(kv.first);
        kv.second = now; // give the re-dialled link a full timeout
      }
    }
  }
  for (const std::string &id : late) {
    followers_.markDown(id);
    reconnector_.noteFailure(id);
  }
}

void ReplicationLeader::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return;
    stopped_ = true;
    for (auto &kv : streams_)
      kv.second->close(); // SAME: hb_race
  }
  heartbeat_.stop();
  followers_.closeAll();
}

} // namespace kvlog
