// Autoclave log of a tattoo studio: every sterilisation cycle of the needles
// and grips must be written to the autoclave log (a legal record). Log writes
// are handed to the studio's own job runners: Crew (worker threads),
// InlineCrew (runs the job inside submit()) and LaterCrew (keeps jobs until
// run_all() on the caller's thread). Two mistakes: close_day() closes the log
// right after submitting to the Crew, racing with the worker that writes the
// cycle, and spore_test() closes the log before LaterCrew runs the job it
// queued. The other functions wait for the jobs (drain()) or use a runner
// that has already run them before closing.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class AutoclaveLog {
public:
  explicit AutoclaveLog(const char *path) : fp_(std::fopen(path, "a")) {}
  ~AutoclaveLog() { close(); }
  void record(const std::string &line) {
    std::lock_guard<std::mutex> lk(m_);
    if (!fp_)
      throw std::runtime_error("autoclave log closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    std::lock_guard<std::mutex> lk(m_);
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::mutex m_;
  FILE *fp_;
};

class Crew {
public:
  explicit Crew(int n) {
    for (int i = 0; i < n; ++i)
      workers_.emplace_back([this] { work(); });
  }
  ~Crew() {
    {
      std::lock_guard<std::mutex> lk(m_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto &t : workers_)
      t.join();
  }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lk(m_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }
  // Blocks until every submitted job has finished.
  void drain() {
    std::unique_lock<std::mutex> lk(m_);
    idle_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
  }

private:
  void work() {
    std::unique_lock<std::mutex> lk(m_);
    for (;;) {
      cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      auto job = std::move(jobs_.front());
      jobs_.pop_front();
      ++active_;
      lk.unlock();
      job();
      lk.lock();
      --active_;
      idle_.notify_all();
    }
  }
  std::mutex m_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int active_ = 0;
  bool stopping_ = false;
};

class InlineCrew {
public:
  void submit(const std::function<void()> &job) { job(); }
};

class LaterCrew {
public:
  void submit(std::function<void()> job) { jobs_.push_back(std::move(job)); }
  void run_all() {
    for (auto &j : jobs_)
      j();
    jobs_.clear();
  }

private:
  std::vector<std::function<void()>> jobs_;
};

void close_day(Crew &crew, AutoclaveLog &log, int cycle) {
  crew.submit([&log, cycle] {
    log.record("cycle " + std::to_string(cycle) + ": 134C, 4 min"); // BUG: use-after-close #cycle
  });
  log.close(); // SAME: cycle
}

void close_day_waiting(Crew &crew, AutoclaveLog &log, int cycle) {
  crew.submit([&log, cycle] {
    log.record("cycle " + std::to_string(cycle) + ": 121C, 15 min"); // OK: drain() below waits for this job
  });
  crew.drain();
  log.close(); // OK: no job left that uses the log
}

void quick_cycle(InlineCrew &crew, AutoclaveLog &log) {
  crew.submit([&log] { log.record("flash cycle"); }); // OK: InlineCrew runs the job before submit() returns
  log.close();
}

void spore_test(LaterCrew &crew, AutoclaveLog &log) {
  crew.submit([&log] {
    log.record("spore test strip incubated"); // SAME: spore
  });
  log.close();
  crew.run_all(); // BUG: use-after-close #spore
}

void spore_test_in_order(LaterCrew &crew, AutoclaveLog &log) {
  crew.submit([&log] { log.record("spore test: negative"); }); // OK: run_all() runs it before the close
  crew.run_all();
  log.close();
}
