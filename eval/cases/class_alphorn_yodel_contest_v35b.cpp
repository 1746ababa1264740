// Scoreboard for an alphorn and yodel contest: a ticker thread pushes the
// standings to the arena scoreboard every half second, the desk can
// disqualify a performer, and the PA announcer posts messages on its own feed.
// Two mistakes: shutdown() closes the scoreboard feed before stopping and
// joining the ticker, so the ticker can send on the closed feed; and
// disqualify() keeps sending after it closed the feed for a headliner DQ.
// The announcer is correct: its close and its posts are serialized by one
// mutex and every post checks the closed flag under that mutex.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace contest {

class ScoreFeed {
 public:
  explicit ScoreFeed(int fd) : fd_(fd) {}
  ~ScoreFeed() { close(); }

  void send(const std::string& frame) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("score feed closed");
    ::write(fd_, frame.data(), frame.size());
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  std::mutex mu_;
  int fd_;
};

class ContestBoard {
 public:
  ContestBoard(std::shared_ptr<ScoreFeed> feed, int headliner)
      : feed_(std::move(feed)), headliner_(headliner) {}

  ~ContestBoard() {
    running_ = false;
    cv_.notify_all();
    if (ticker_.joinable()) ticker_.join();
  }

  void start() {
    running_ = true;
    ticker_ = std::thread([this] { ticker_loop(); });
  }

  void shutdown() {
    feed_->close();  // SAME: ticker
    running_ = false;
    cv_.notify_all();
    if (ticker_.joinable()) ticker_.join();
  }

  void disqualify(int performer) {
    feed_->send("DQ " + std::to_string(performer));
    if (performer == headliner_) {
      feed_->close();  // a headliner DQ ends the broadcast
    }
    feed_->send("NEXT");  // BUG: use-after-close
  }

 private:
  void ticker_loop() {
    std::unique_lock<std::mutex> lk(mu_);
    while (running_) {
      cv_.wait_for(lk, std::chrono::milliseconds(500));
      if (!running_) break;
      feed_->send("STANDINGS " + std::to_string(++tick_));  // BUG: use-after-close #ticker
    }
  }

  std::shared_ptr<ScoreFeed> feed_;
  int headliner_;
  std::atomic<bool> running_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread ticker_;
  long tick_ = 0;
};

class Announcer {
 public:
  explicit Announcer(std::shared_ptr<ScoreFeed> pa) : pa_(std::move(pa)) {}

  bool post(const std::string& msg) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return false;
    pa_->send("PA " + msg);  // OK: closed_ is checked under the mutex close() holds
    return true;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    closed_ = true;
    pa_->close();
  }

 private:
  std::mutex mu_;
  bool closed_ = false;
  std::shared_ptr<ScoreFeed> pa_;
};

void evening_programme(Announcer& pa) {
  std::thread late([&pa] { pa.post("Last round of the alphorns"); });  // OK: post() checks the flag under the closer's mutex
  pa.close();
  late.join();
  pa.post("Thank you for coming");  // OK: returns false once closed
}

}  // namespace contest
