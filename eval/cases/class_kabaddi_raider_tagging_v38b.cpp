// Raid-tagging feed for a kabaddi match. RaidFeed forwards the referee's
// touch tags to the scoring tablet and keeps the tablet session alive with a
// heartbeat thread. RaidFeed::stop() closes the tablet link before joining the
// heartbeat thread, so a ping that is already past the running_ check goes to
// a closing descriptor; half_time() also asks for a video review after stop(),
// and review() has no stopped_ check. ScoreRelay does the same job in the
// right order (stop flag under the mutex, join, then close), and RaidFeed's
// tag() is guarded by the stopped_ flag.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

class TabletLink {
 public:
  explicit TabletLink(int fd) : fd_(fd) {}
  void send(const std::string& m) {
    if (fd_ < 0) throw std::runtime_error("tablet link closed");
    if (::send(fd_, m.data(), m.size(), MSG_NOSIGNAL) < 0) throw std::runtime_error("tablet send failed");
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool open() const { return fd_ >= 0; }

 private:
  int fd_;
};

class RaidFeed {
 public:
  explicit RaidFeed(int fd) : link_(fd) {
    heartbeat_ = std::thread([this] {
      while (running_.load()) {
        link_.send("PING\n");  // BUG: use-after-close #ping_race
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
      }
    });
  }

  void tag(int raider, int defender) {
    if (stopped_) return;
    link_.send("TAG " + std::to_string(raider) + ">" + std::to_string(defender) + "\n");  // OK: stop() runs on this thread and sets stopped_, checked above
  }

  // Third umpire asked for a video review of the last raid.
  void review(int raid_no) {
    link_.send("REVIEW " + std::to_string(raid_no) + "\n");  // SAME: review_after_stop
  }

  void stop() {
    if (stopped_) return;
    running_ = false;
    link_.close();  // SAME: ping_race
    stopped_ = true;
    if (heartbeat_.joinable()) heartbeat_.join();
  }

  ~RaidFeed() { stop(); }

 private:
  TabletLink link_;
  std::atomic<bool> running_{true};
  bool stopped_ = false;
  std::thread heartbeat_;
};

class ScoreRelay {
 public:
  explicit ScoreRelay(int fd) : link_(fd) {
    worker_ = std::thread([this] {
      std::unique_lock<std::mutex> lk(mu_);
      while (!done_) {
        cv_.wait_for(lk, std::chrono::milliseconds(500));
        if (done_) break;
        link_.send("PING\n");  // OK: stop() joins this thread before closing the link
      }
    });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (done_) return;
      done_ = true;
    }
    cv_.notify_all();
    worker_.join();
    link_.close();  // OK: no thread uses the link any more
  }

  ~ScoreRelay() { stop(); }

 private:
  TabletLink link_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread worker_;
};

void half_time(int feed_fd, int relay_fd) {
  RaidFeed feed(feed_fd);
  ScoreRelay relay(relay_fd);
  feed.tag(7, 3);
  feed.stop();
  feed.tag(9, 1);  // OK: tag() returns early once stopped
  feed.review(14);  // BUG: use-after-close #review_after_stop
  relay.stop();
}
