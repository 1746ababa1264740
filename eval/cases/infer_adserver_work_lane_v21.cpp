// Ad server event logging. WorkLane keeps posted callables in a FIFO queue
// and runs them on the threads it owns; post() throws
// std::runtime_error("work lane stopped") after drainAndStop();
// drainAndStop() lets the threads run everything already queued, joins them,
// and is idempotent. ImpressionLogger and ClickLogger append CSV lines to a
// FILE* from lane tasks. ImpressionLogger::close() fcloses the file before
// stopping the lane, so queued tasks still write to it, and a late record()
// posts to the stopped lane. ClickLogger stops the lane first.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class WorkLane {
public:
  explicit WorkLane(unsigned threads) {
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this] { loop(); });
  }
  ~WorkLane() { drainAndStop(); }

  void post(std::function<void()> fn) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      throw std::runtime_error("work lane stopped");
    queue_.push_back(std::move(fn));
    cv_.notify_one();
  }

  void drainAndStop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_)
        return;
      stopped_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopped_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        fn = std::move(queue_.front());
        queue_.pop_front();
      }
      fn();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  bool stopped_ = false;
};

struct Impression {
  std::string auctionId;
  std::string creative;
  double priceCpm = 0;
};
struct Click {
  std::string auctionId;
  std::string url;
};

class ImpressionLogger {
public:
  explicit ImpressionLogger(const std::string &path) : log_(std::fopen(path.c_str(), "a")), lane_(2) {
    if (!log_)
      throw std::runtime_error("cannot open " + path);
  }
  void record(const Impression &imp) {
    lane_.post([this, imp] { // SAME: late_impression
      std::fprintf(log_, "%s,%s,%.4f\n", imp.auctionId.c_str(), imp.creative.c_str(), imp.priceCpm); // BUG: use-after-close #lane_race
    });
  }
  void close() {
    std::fclose(log_); // SAME: lane_race
    lane_.drainAndStop();
  }

private:
  FILE *log_;
  WorkLane lane_;
};

class ClickLogger {
public:
  explicit ClickLogger(const std::string &path) : log_(std::fopen(path.c_str(), "a")), lane_(1) {
    if (!log_)
      throw std::runtime_error("cannot open " + path);
  }
  void record(const Click &c) {
    if (closed_)
      return;
    lane_.post([this, c] { // OK: closed_ is set only after the lane stopped
      std::fprintf(log_, "%s,%s\n", c.auctionId.c_str(), c.url.c_str()); // OK: the file is closed after the lane is joined
    });
  }
  void close() {
    lane_.drainAndStop();
    closed_ = true;
    std::fclose(log_); // OK: every queued task has run and the threads are joined
  }

private:
  FILE *log_;
  WorkLane lane_;
  bool closed_ = false;
};

int main() {
  ImpressionLogger impressions("/var/log/adserver/impressions.csv");
  ClickLogger clicks("/var/log/adserver/clicks.csv");
  for (int i = 0; i < 5000; ++i) {
    const std::string auction = "auc-" + std::to_string(i);
    impressions.record({auction, "cr-" + std::to_string(i % 17), 1.25 + (i % 7) * 0.1});
    if (i % 40 == 0)
      clicks.record({auction, "https://shop.example/p/" + std::to_string(i)});
  }
  clicks.close();
  clicks.record({"auc-late", "https://shop.example/p/late"}); // OK: record() ignores clicks after close()
  impressions.close();
  impressions.record({"auc-late", "cr-3", 0.9}); // BUG: use-after-close #late_impression
  return 0;
}
