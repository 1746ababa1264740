// A stone restoration workshop laser-scans weathered friezes and cornices and
// uploads each scan patch through a ScanUplink. The office wrote its own work
// queue: ScanCrew runs submitted jobs on worker threads, wait_idle() blocks
// until every job finished and stop() joins the workers; InlineCrew runs a job
// immediately inside submit(). Bug: upload_frieze() submits patch uploads to the
// crew and closes the uplink right away, so a worker can still be sending. The
// other functions wait for the crew, stop it first, or run the jobs inline
// before the close.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class ScanUplink {
 public:
  explicit ScanUplink(int fd) : fd_(fd) {}
  void push_patch(const std::string& patch) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("scan uplink closed");
    ::write(fd_, patch.data(), patch.size());
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  std::mutex mu_;
  int fd_;
};

class ScanCrew {
 public:
  explicit ScanCrew(int n) {
    for (int i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
  }
  ~ScanCrew() { stop(); }
  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lk(mu_);
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }
  void wait_idle() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return jobs_.empty() && active_ == 0; });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
      cv_.notify_all();
    }
    for (auto& t : workers_)
      if (t.joinable()) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping and drained
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++active_;
      }
      job();
      std::lock_guard<std::mutex> lk(mu_);
      --active_;
      idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int active_ = 0;
  bool stopping_ = false;
};

class InlineCrew {
 public:
  void submit(const std::function<void()>& job) { job(); }
};

void upload_frieze(ScanCrew& crew, ScanUplink& up, const std::vector<std::string>& patches) {
  for (const std::string& p : patches) crew.submit([&up, p] { up.push_patch(p); });  // BUG: use-after-close #frieze
  up.close();  // SAME: frieze
}

void upload_cornice(ScanCrew& crew, ScanUplink& up, const std::vector<std::string>& patches) {
  for (const std::string& p : patches) crew.submit([&up, p] { up.push_patch(p); });  // OK: close waits for the crew
  crew.wait_idle();
  up.close();
}

void upload_and_disband(ScanUplink& up, const std::vector<std::string>& patches) {
  ScanCrew crew(3);
  for (const std::string& p : patches) crew.submit([&up, p] { up.push_patch(p); });  // OK: stop() drains and joins first
  crew.stop();
  up.close();
}

void upload_inline(ScanUplink& up, const std::vector<std::string>& patches) {
  InlineCrew crew;
  for (const std::string& p : patches) crew.submit([&up, p] { up.push_patch(p); });  // OK: runs inside submit()
  up.close();
}
