// Bobsled track timing. Photo-cell gates along the track report split times
// on the gate thread; a heartbeat thread keeps the broadcast graphics feed
// alive between runs. Both publish over one TimingFeed, which the publisher
// protects with its mutex; stop() closes the feed under that mutex when the
// session ends and then joins both threads.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class TimingFeed {
public:
  explicit TimingFeed(std::string target) : target_(std::move(target)) {}

  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("timing feed closed: " + target_);
    out_.push_back(msg);
  }

  void flush() {
    if (closed_)
      throw std::runtime_error("timing feed closed: " + target_);
    out_.clear();
  }

  void close() {
    closed_ = true;
    out_.clear();
  }

private:
  std::string target_;
  std::vector<std::string> out_;
  bool closed_ = false;
};

struct Split {
  int sled = 0;
  int gate = 0;
  double seconds = 0.0;
};

class SplitPublisher {
public:
  explicit SplitPublisher(const std::string &target) : feed_(target) {
    gateThread_ = std::thread([this] { gateLoop(); });
    heartbeatThread_ = std::thread([this] { heartbeatLoop(); });
  }

  void onSplit(const Split &s) {
    std::lock_guard<std::mutex> lock(queueMu_);
    splits_.push_back(s);
    queueCv_.notify_one();
  }

  void onRunComplete(int sled, double total) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    char line[64];
    std::snprintf(line, sizeof line, "FINISH sled=%d %.2f", sled, total);
    feed_.send(line); // OK
    feed_.flush(); // OK
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(queueMu_);
      stopping_ = true;
    }
    queueCv_.notify_all();
    {
      std::lock_guard<std::mutex> lock(mu_);
      closed_ = true;
      feed_.close(); // SAME: heartbeat_race
    }
    gateThread_.join();
    heartbeatThread_.join();
  }

private:
  void gateLoop() {
    for (;;) {
      Split s;
      {
        std::unique_lock<std::mutex> lock(queueMu_);
        queueCv_.wait(lock, [this] { return stopping_ || !splits_.empty(); });
        if (splits_.empty())
          return;
        s = splits_.front();
        splits_.pop_front();
      }
      char line[64];
      std::snprintf(line, sizeof line, "SPLIT sled=%d gate=%d %.3f", s.sled,
                    s.gate, s.seconds);
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        continue;
      feed_.send(line); // OK
    }
  }

  void heartbeatLoop() {
    while (!stopping_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      if (stopping_)
        break;
      std::lock_guard<std::mutex> lock(mu_);
      feed_.send("HB"); // BUG: use-after-close #heartbeat_race
    }
  }

  TimingFeed feed_;
  std::mutex mu_;
  bool closed_ = false;

  std::mutex queueMu_;
  std::condition_variable queueCv_;
  std::deque<Split> splits_;
  std::atomic<bool> stopping_{false};

  std::thread gateThread_;
  std::thread heartbeatThread_;
};
