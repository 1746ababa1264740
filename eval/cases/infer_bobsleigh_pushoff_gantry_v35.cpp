// Bobsleigh start gantry: split times from the push-off sensors are handed to a small
// thread pool of the team's own (Crew) that forwards them to the scoreboard through a
// TimingProducer. Crew::submit() only queues the job; a worker thread runs it later.
// In heat_one the producer is closed right after submitting, so the queued send can
// run on the worker after the close. heat_two waits for the crew to go idle first,
// and final_heat stops the crew (which drains the queue and joins) before closing.
// practice_run relies on the crew's destructor to join, but closes the producer
// first, so the queued sends can run after the close.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

class TimingProducer {
 public:
  void send(double split) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("timing producer closed");
    std::printf("split %.3f\n", split);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }

 private:
  std::mutex mu_;
  bool closed_ = false;
};

class Crew {
 public:
  explicit Crew(unsigned n) {
    for (unsigned i = 0; i < n; ++i) workers_.emplace_back([this] { run(); });
  }
  ~Crew() { stop(); }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }

  // Blocks until every queued job has finished.
  void wait() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_cv_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
  }

  // Workers finish the queued jobs, then exit; stop() joins them.
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : workers_) {
      if (t.joinable()) t.join();
    }
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++active_;
      }
      job();
      {
        std::lock_guard<std::mutex> lk(mu_);
        --active_;
      }
      idle_cv_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::condition_variable idle_cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int active_ = 0;
  bool stopping_ = false;
};

void heat_one(Crew& crew, TimingProducer& timing, double split) {
  crew.submit([&timing, split] { timing.send(split); });  // BUG: use-after-close #pushoff
  timing.close();  // SAME: pushoff
}

void heat_two(Crew& crew, TimingProducer& timing, double split) {
  crew.submit([&timing, split] { timing.send(split); });  // OK: wait() below lets the job finish first
  crew.wait();
  timing.close();
}

void final_heat(TimingProducer& timing, const std::vector<double>& splits) {
  Crew crew(2);
  for (double s : splits) {
    crew.submit([&timing, s] { timing.send(s); });  // OK: stop() drains and joins before the close
  }
  crew.stop();
  timing.close();
}

void practice_run(const std::vector<double>& splits) {
  TimingProducer timing;
  Crew crew(2);
  for (double s : splits) {
    crew.submit([&timing, s] { timing.send(s); });  // BUG: use-after-close #practice
  }
  timing.close();  // SAME: practice
}  // ~Crew joins here, after the close
