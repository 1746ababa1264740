// Cycle-rickshaw cooperative: completed fares are published to the billing
// office through a FareProducer. Settlement work is handed to DispatchCrew,
// the co-op's own small thread pool: submit() queues a callable, worker
// threads owned by the crew run it, wait() blocks until the queue is empty
// and no job is running, and stop() drains the queue and joins the workers.
// settle_shift() and quick_fare() close the producer right after submitting,
// while the jobs may still be running on the crew's threads. settle_night()
// waits for the crew and end_of_day() stops it before closing.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct Fare {
  std::string rider;
  int pence = 0;
};

class FareProducer {
 public:
  void send(const Fare& f) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("fare producer closed");
    total_pence_ += f.pence;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("fare producer closed twice");
    closed_ = true;
  }

 private:
  std::mutex mu_;
  long total_pence_ = 0;
  bool closed_ = false;
};

class DispatchCrew {
 public:
  explicit DispatchCrew(std::size_t riders) {
    for (std::size_t i = 0; i < riders; ++i) workers_.emplace_back([this] { run(); });
  }
  ~DispatchCrew() { stop(); }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_) throw std::runtime_error("dispatch crew stopped");
      jobs_.push_back(std::move(job));
    }
    work_cv_.notify_one();
  }

  void wait() {
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
    for (auto& t : workers_)
      if (t.joinable()) t.join();
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        work_cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping and nothing left to drain
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++active_;
      }
      job();
      std::lock_guard<std::mutex> lk(mu_);
      --active_;
      if (jobs_.empty() && active_ == 0) idle_cv_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int active_ = 0;
  bool stopping_ = false;
};

void settle_shift(DispatchCrew& crew, FareProducer& fares, const std::vector<Fare>& trips) {
  for (const Fare& f : trips) {
    crew.submit([&fares, f] {
      fares.send(f);  // BUG: use-after-close #shift_race
    });
  }
  fares.close();  // SAME: shift_race
}

void settle_night(DispatchCrew& crew, FareProducer& fares, const std::vector<Fare>& trips) {
  for (const Fare& f : trips) {
    crew.submit([&fares, f] {
      fares.send(f);  // OK: wait() below returns only after every job has run
    });
  }
  crew.wait();
  fares.close();  // OK: no job is queued or running any more
}

void quick_fare(DispatchCrew& pool, FareProducer& prod, const Fare& x) {
  pool.submit([&] { prod.send(x); });  // BUG: use-after-close #quick_race
  prod.close();  // SAME: quick_race
}

void end_of_day(FareProducer& prod, const Fare& x) {
  DispatchCrew pool(2);
  pool.submit([&] { prod.send(x); });  // OK: stop() drains the queue and joins before the close
  pool.stop();
  prod.close();  // OK: the crew's threads have exited
}
