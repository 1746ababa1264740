// Replication fan-out: a ReplicationManager keeps one ReplicaSession per
// follower, pauses every session while the store compacts and resumes them
// afterwards. A follower that lags too far behind is shut down for good.
// ReplicaSession::resume() returns early on a shut-down session (it does not
// reopen it), so the lag handler, which may shut a session down and then
// "resumes" it to push a resync marker, still pushes on a closed session;
// broadcastConfig() also resumes and pushes on every session, including a
// shut-down one.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// ReplicaSession: push() throws std::logic_error after shutdown() (and while
// paused). resume() is a no-op once the session is shut down. shutdown() is
// idempotent: a second call does nothing harmful.
class ReplicaSession {
public:
  explicit ReplicaSession(std::string follower) : follower_(std::move(follower)) {}

  void push(const std::string &record) {
    if (shut_)
      throw std::logic_error("session to " + follower_ + " is shut down");
    if (paused_)
      throw std::logic_error("session to " + follower_ + " is paused");
    sent_.push_back(record);
  }

  void pause() { paused_ = true; }

  void resume() {
    if (shut_)
      return; // a shut-down session stays shut down
    paused_ = false;
  }

  void shutdown() {
    shut_ = true;
    sent_.clear();
  }

  bool isShutdown() const { return shut_; }
  std::size_t sentCount() const { return sent_.size(); }

private:
  std::string follower_;
  std::vector<std::string> sent_;
  bool paused_ = false;
  bool shut_ = false;
};

class ReplicationManager {
public:
  explicit ReplicationManager(long maxLag) : maxLag_(maxLag) {}
  ~ReplicationManager() { stopAll(); }

  void addFollower(const std::string &name) {
    sessions_.emplace(name, ReplicaSession(name));
  }

  void beginCompaction() {
    for (auto &kv : sessions_)
      kv.second.pause();
  }

  void endCompaction(const std::vector<std::string> &backlog) {
    for (auto &kv : sessions_) {
      ReplicaSession &s = kv.second;
      if (s.isShutdown())
        continue;
      s.resume();
      for (const auto &rec : backlog)
        s.push(rec); // OK: shut-down sessions are skipped, the others resumed
    }
  }

  void onLagReport(const std::string &name, long lag) {
    ReplicaSession &s = sessions_.at(name);
    s.pause();
    if (lag > maxLag_) {
      std::fprintf(stderr, "follower %s lags by %ld records, dropping it\n",
                   name.c_str(), lag);
      s.shutdown();
    }
    // Tell the follower where the stream restarts.
    s.resume();
    s.push("resync-marker lag=" + std::to_string(lag)); // BUG: use-after-close
  }

  void resync(const std::string &name, const std::vector<std::string> &snapshot) {
    auto found = sessions_.find(name);
    if (found == sessions_.end())
      return;
    if (found->second.isShutdown()) {
      sessions_.erase(found);
      auto fresh = sessions_.emplace(name, ReplicaSession(name)).first;
      for (const auto &rec : snapshot)
        fresh->second.push(rec); // OK: a new session replaced the shut-down one
      return;
    }
    ReplicaSession &s = found->second;
    s.pause();
    s.resume();
    for (const auto &rec : snapshot)
      s.push(rec);
  }

  // Pushes a new replication config to every follower after a pause.
  void broadcastConfig(const std::string &config) {
    for (auto &kv : sessions_) {
      kv.second.resume();
      kv.second.push("config " + config); // SAME: resumecfg
    }
  }

  void stopAll() {
    for (auto &kv : sessions_)
      kv.second.shutdown();
  }

  std::size_t totalSent() const {
    std::size_t n = 0;
    for (const auto &kv : sessions_)
      n += kv.second.sentCount();
    return n;
  }

private:
  std::map<std::string, ReplicaSession> sessions_;
  long maxLag_;
};

int main() {
  ReplicationManager mgr(1000);
  mgr.addFollower("replica-a");
  mgr.addFollower("replica-b");

  mgr.beginCompaction();
  mgr.endCompaction({"rec-1", "rec-2"});

  try {
    mgr.onLagReport("replica-a", 40);
    mgr.onLagReport("replica-b", 5000);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "lag handler failed: %s\n", e.what());
  }

  try {
    mgr.broadcastConfig("acks=all"); // BUG: use-after-close #resumecfg
  } catch (const std::exception &e) {
    std::fprintf(stderr, "config broadcast failed: %s\n", e.what());
  }
  mgr.resync("replica-b", {"snap-1", "snap-2"});
  std::printf("sent %zu records\n", mgr.totalSent());
  mgr.stopAll();
  return 0;
} // OK: the destructor's second shutdown() is idempotent
