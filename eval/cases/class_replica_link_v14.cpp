// WAL shipping link to one replica. ReplicaLink owns a repl::ReplicationChannel
// (replication.h: send()/flush() on a closed channel fail with "replication
// channel closed") and runs a heartbeat thread; every channel call holds mu_.
// Defects: the heartbeat thread checks running_ outside the mutex, and stop()
// closes the channel before joining it, so a heartbeat that passed the check
// sends on the closed channel; the driver sends a tombstone after stop().
#include "replication.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class ReplicaLink {
public:
  explicit ReplicaLink(const std::string &peer) : channel_(peer) {}
  ~ReplicaLink() { stop(); }
  ReplicaLink(const ReplicaLink &) = delete;
  ReplicaLink &operator=(const ReplicaLink &) = delete;

  void start() {
    running_ = true;
    heartbeat_ = std::thread([this] {
      while (running_.load()) {
        {
          std::lock_guard<std::mutex> lock(mu_);
          channel_.send("HB"); // BUG: use-after-close #heartbeat_race
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
      }
    });
  }

  void resync(const std::vector<std::string> &backlog) {
    std::lock_guard<std::mutex> lock(mu_);
    const bool closed = channel_.IsClosed();
    if (closed)
      return;
    for (const std::string &frame : backlog)
      channel_.send(frame); // OK: the stored IsClosed() result is current, only stop() closes and it needs mu_
    channel_.flush();
  }

  void ship(const std::vector<std::string> &frames) {
    std::lock_guard<std::mutex> lock(mu_);
    if (channel_.state() != repl::LinkState::Open)
      return;
    for (const std::string &frame : frames)
      channel_.send(frame);
    channel_.flush();
  }

  void sendTombstone(const std::string &segment) {
    std::lock_guard<std::mutex> lock(mu_);
    channel_.send("TOMBSTONE " + segment); // SAME: tombstone_after_stop
  }

  void stop() {
    if (!running_.exchange(false))
      return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      channel_.close(); // SAME: heartbeat_race
    }
    if (heartbeat_.joinable())
      heartbeat_.join();
  }

private:
  std::mutex mu_;
  repl::ReplicationChannel channel_;
  std::atomic<bool> running_{false};
  std::thread heartbeat_;
};

int main() {
  ReplicaLink link("replica-2.db.internal:7000");
  link.start();
  link.resync({"wal-000041", "wal-000042"});
  link.ship({"frame-1", "frame-2", "frame-3"});
  std::this_thread::sleep_for(std::chrono::seconds(2));
  link.stop();
  link.ship({"frame-4"}); // OK: ship() returns early once the channel is no longer Open
  link.sendTombstone("wal-000040"); // BUG: use-after-close #tombstone_after_stop
  return 0;
} // OK: the destructor's stop() returns early, running_ is already false
