// Workshop software for an astrolabe and armillary-sphere maker: the ring
// labels and star-pointer positions are chased (hand-engraved with a CNC
// assist) by a small bench of worker threads, and every finished ring is
// reported on the plate feed. ChaserBench is the shop's own thread pool:
// submit() queues a job that a worker runs later, drain() waits until the
// queue is empty and every worker idle. chase_rings() closes the feed right
// after queueing the jobs, so workers report on a closed feed. PlateFeed's
// resume() returns early once the feed was shut down (it only undoes
// pause()), so night_run() sends on a shut feed. drain() before close and
// resume() after pause() are correct.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class ChaserBench {
 public:
  explicit ChaserBench(int n) {
    for (int i = 0; i < n; ++i) workers_.emplace_back([this] { loop(); });
  }
  ~ChaserBench() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_cv_.wait(lk, [this] { return jobs_.empty() && busy_ == 0; });
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return quit_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      auto job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_;
      lk.unlock();
      job();
      lk.lock();
      --busy_;
      if (jobs_.empty() && busy_ == 0) idle_cv_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_, idle_cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int busy_ = 0;
  bool quit_ = false;
};

class PlateFeed {
 public:
  void send(const std::string& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_ || paused_) throw std::runtime_error("plate feed closed");
    sent_.push_back(line);
  }
  void pause() { std::lock_guard<std::mutex> lk(mu_); paused_ = true; }
  void resume() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_) return;
    paused_ = false;
  }
  void shutdown() { std::lock_guard<std::mutex> lk(mu_); shut_ = true; }

 private:
  std::mutex mu_;
  bool shut_ = false;
  bool paused_ = false;
  std::vector<std::string> sent_;
};

void chase_rings(ChaserBench& bench, PlateFeed& feed, const std::vector<std::string>& rings) {
  for (const auto& r : rings) {
    bench.submit([&feed, r] { feed.send("chased " + r); });  // BUG: use-after-close #early_shutdown
  }
  feed.shutdown();  // SAME: early_shutdown
}

void chase_rete(ChaserBench& bench, PlateFeed& feed, const std::vector<std::string>& stars) {
  for (const auto& s : stars) {
    bench.submit([&feed, s] { feed.send("pointer " + s); });  // OK: drain() waits for every job before shutdown
  }
  bench.drain();
  feed.shutdown();
}

static void lunch_break(PlateFeed& feed) {
  feed.pause();
  feed.resume();
  feed.send("bench back from lunch");  // OK: resume() undid pause(), the feed was never shut
}

void night_run(PlateFeed& feed) {
  feed.shutdown();
  feed.resume();
  feed.send("night batch queued");  // BUG: use-after-close
}

void workday(const std::vector<std::string>& stars) {
  ChaserBench bench(3);
  PlateFeed feed;
  lunch_break(feed);
  chase_rete(bench, feed, stars);
}
