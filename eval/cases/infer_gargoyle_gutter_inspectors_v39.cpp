// Cathedral gargoyle and gutter inspection: findings are reported to the
// survey office over a SurveyUplink from an InspectorCrew, the project's own
// thread pool (jobs are stored and run later on the crew's threads; stop()
// drains the queue and joins; wait_idle() blocks until every job finished).
// InlineCrew runs each job before submit() returns. The facade survey submits
// reports and closes the uplink right away, so the crew's threads may report
// on a closed uplink. The other surveys wait for the crew, let the crew's
// destructor join it, or use the inline crew before closing. The spire
// survey also hands the crew one more job after stop(), which submit()
// rejects.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Finding {
  std::string gargoyle;
  int crack_mm = 0;
};

class SurveyUplink {
 public:
  explicit SurveyUplink(std::string site) : site_(std::move(site)) {}
  void report(const Finding& f) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) throw std::runtime_error("survey uplink " + site_ + " closed");
    sent_.push_back(f.gargoyle);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

 private:
  std::string site_;
  std::mutex mu_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

class InspectorCrew {
 public:
  explicit InspectorCrew(int threads) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { run(); });
  }
  ~InspectorCrew() { stop(); }

  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) throw std::runtime_error("inspector crew stopped");
    jobs_.push_back(std::move(job));
    ++pending_;
    work_cv_.notify_one();
  }
  void wait_idle() {
    std::unique_lock<std::mutex> lock(mu_);
    idle_cv_.wait(lock, [this] { return pending_ == 0; });
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    work_cv_.notify_all();
    for (auto& t : workers_) {
      if (t.joinable()) t.join();
    }
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        work_cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping and drained
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      {
        std::lock_guard<std::mutex> lock(mu_);
        --pending_;
      }
      idle_cv_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int pending_ = 0;
  bool stopping_ = false;
};

class InlineCrew {
 public:
  void submit(const std::function<void()>& job) { job(); }
};

void survey_facade(InspectorCrew& crew, SurveyUplink& uplink, const std::vector<Finding>& found) {
  for (const auto& f : found) crew.submit([&uplink, f] { uplink.report(f); });  // BUG: use-after-close #crew
  uplink.close();  // SAME: crew
}

void survey_buttress(InspectorCrew& crew, SurveyUplink& uplink, const std::vector<Finding>& found) {
  for (const auto& f : found) crew.submit([&uplink, f] { uplink.report(f); });  // OK: wait_idle() before close
  crew.wait_idle();
  uplink.close();
}

void survey_tower(const std::vector<Finding>& found) {
  SurveyUplink uplink("bell-tower");
  {
    InspectorCrew crew(2);
    for (const auto& f : found) crew.submit([&uplink, f] { uplink.report(f); });  // OK: crew drained and joined at block end
  }
  uplink.close();
}

void survey_nave(InlineCrew& crew, SurveyUplink& uplink, const Finding& f) {
  crew.submit([&uplink, f] { uplink.report(f); });  // OK: InlineCrew runs the job before submit() returns
  uplink.close();
}

void survey_cloister(const std::vector<Finding>& found) {
  SurveyUplink uplink("cloister");
  InspectorCrew crew(3);
  for (const auto& f : found) crew.submit([&uplink, f] { uplink.report(f); });  // OK: stop() drains and joins before close
  crew.stop();
  uplink.close();
}

void archive_locally(const Finding& f) { (void)f.crack_mm; }

void survey_spire(const std::vector<Finding>& found, const Finding& late) {
  SurveyUplink uplink("spire");
  InspectorCrew crew(2);
  for (const auto& f : found) crew.submit([&uplink, f] { uplink.report(f); });  // OK: stop() drains and joins before close
  crew.stop();
  uplink.close();
  crew.submit([late] { archive_locally(late); });  // BUG: use-after-close
}
