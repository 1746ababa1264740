// Dulcimer and psaltery workshop: string tension readings are written to a TensionFeed (the
// tuning bench's serial line). The workshop's own VoicingCrew stores jobs and runs them on threads
// it owns; wait_idle() blocks until every queued job has finished and stop() drains the queue and
// joins the threads (a second stop() returns at once). BenchRunner runs a job inline. Closing the
// feed right after submitting, or before stopping the crew, races with jobs still queued, and
// the encore hands one more job to a crew that was already stopped.
#include <fcntl.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class TensionFeed {
 public:
  explicit TensionFeed(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("tension feed: cannot open " + dev);
  }
  ~TensionFeed() {
    if (!closed_) ::close(fd_);
  }
  void send(int hz) {
    if (closed_) throw std::runtime_error("tension feed closed");
    char line[16];
    int n = std::snprintf(line, sizeof line, "%d\n", hz);
    if (::write(fd_, line, static_cast<size_t>(n)) != n) throw std::runtime_error("tension feed: write failed");
  }
  void close() {
    if (closed_) throw std::runtime_error("tension feed already closed");
    closed_ = true;
    ::close(fd_);
  }

 private:
  int fd_;
  bool closed_ = false;
};

class VoicingCrew {
 public:
  explicit VoicingCrew(unsigned n) {
    for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { run(); });
  }
  ~VoicingCrew() { stop(); }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_) throw std::runtime_error("crew stopped");
      jobs_.push_back(std::move(job));
    }
    work_cv_.notify_one();
  }
  void wait_idle() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_cv_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_) return;
      stopping_ = true;
    }
    work_cv_.notify_all();
    for (auto& t : workers_) t.join();
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        work_cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping and drained
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++active_;
      }
      try {
        job();
      } catch (const std::exception& e) {
        std::fprintf(stderr, "voicing job failed: %s\n", e.what());
      }
      {
        std::lock_guard<std::mutex> lk(mu_);
        --active_;
      }
      idle_cv_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable work_cv_, idle_cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int active_ = 0;
  bool stopping_ = false;
};

class BenchRunner {
 public:
  void submit(const std::function<void()>& job) { job(); }
};

void voice_course_racy(VoicingCrew& crew, const std::string& dev, int hz) {
  TensionFeed feed(dev);
  crew.submit([&feed, hz] { feed.send(hz); });  // BUG: use-after-close #course
  feed.close();  // SAME: course
}

void voice_course(VoicingCrew& crew, const std::string& dev, const std::vector<int>& readings) {
  TensionFeed feed(dev);
  for (int hz : readings) crew.submit([&feed, hz] { feed.send(hz); });  // OK: waited for below
  crew.wait_idle();
  feed.close();  // OK: every job has finished
}

void tune_and_stop(const std::string& dev, int hz) {
  TensionFeed feed(dev);
  VoicingCrew crew(2);
  crew.submit([&feed, hz] { feed.send(hz); });  // OK: stop() drains and joins before the close
  crew.stop();
  feed.close();  // OK
  crew.stop();  // OK: returns early once stopped
}

void bench_check(const std::string& dev) {
  TensionFeed feed(dev);
  BenchRunner bench;
  bench.submit([&feed] { feed.send(440); });  // OK: runs inline, before the close
  feed.close();  // OK
}

void encore(const std::string& dev) {
  TensionFeed feed(dev);
  VoicingCrew crew(1);
  crew.submit([&feed] { feed.send(262); });  // OK: stop() below drains and joins first
  crew.stop();
  crew.submit([&feed] { feed.send(294); });  // BUG: use-after-close
  feed.close();
}

class PsalteryVoicer {
 public:
  explicit PsalteryVoicer(const std::string& dev) : feed_(dev) {}
  void pluck(int hz) {
    crew_.submit([this, hz] { feed_.send(hz); });  // BUG: use-after-close #voicer
  }
  void shutdown() {
    feed_.close();  // SAME: voicer
    crew_.stop();
  }

 private:
  TensionFeed feed_;
  VoicingCrew crew_{2};
};
