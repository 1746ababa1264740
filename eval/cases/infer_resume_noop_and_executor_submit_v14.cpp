// Ingest tool on the project's own executor (TaskRunner, a small thread pool).
// IngestPipeline::shutdown() stops its runner and closes the upstream
// connection; resume() returns early once shut down, so the resume() after
// shutdown() does nothing, and a second shutdown() is a no-op. Defects: the
// "reload" mode submits to the runner after shutdown() (submit() throws), and
// the "audit" mode submits a task using a connection closed right after.
#include "netconn.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// submit() after shutdown() throws std::runtime_error("task runner stopped");
// shutdown() runs what is queued, joins the workers and is idempotent;
// drain() blocks until every submitted task has finished.
class TaskRunner {
public:
  explicit TaskRunner(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~TaskRunner() { shutdown(); }
  void submit(std::function<void()> fn) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      throw std::runtime_error("task runner stopped");
    queue_.push_back(std::move(fn));
    ++inflight_;
    cv_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lk(mu_);
    done_.wait(lk, [this] { return inflight_ == 0; });
  }
  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopped_)
        return;
      stopped_ = true;
      cv_.notify_all();
    }
    for (std::thread &t : workers_)
      t.join();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopped_ || !queue_.empty(); });
        if (queue_.empty())
          return;
        fn = std::move(queue_.front());
        queue_.pop_front();
      }
      fn();
      std::lock_guard<std::mutex> lk(mu_);
      if (--inflight_ == 0)
        done_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_, done_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  int inflight_ = 0;
  bool stopped_ = false;
};
class IngestPipeline {
public:
  explicit IngestPipeline(const std::string &upstream) : upstream_(upstream), runner_(2) {}

  void park(std::string payload) { parked_.push_back(std::move(payload)); }

  // Re-sends what was parked while paused; does nothing after shutdown().
  void resume() {
    if (shutDown_)
      return;
    for (const std::string &p : parked_)
      upstream_.send(p);
    parked_.clear();
  }

  void shutdown() {
    if (shutDown_)
      return;
    shutDown_ = true;
    runner_.shutdown();
    upstream_.close();
  }

  // Rebuilds the routing table on a worker thread.
  void reload() {
    runner_.submit([this] { routeVersion_ += 1; }); // SAME: reload
  }

private:
  net::Connection upstream_;
  TaskRunner runner_;
  std::vector<std::string> parked_;
  int routeVersion_ = 0; // read by the routing code
  bool shutDown_ = false;
};

void auditAndWait(TaskRunner &runner, const std::string &endpoint) {
  auto audit = std::make_shared<net::Connection>(endpoint);
  runner.submit([audit] {
    audit->send("audit: hourly"); // OK: the caller drains the runner before closing
  });
  runner.drain();
  audit->close();
}

void auditOnce(TaskRunner &runner, const std::string &endpoint) {
  auto audit = std::make_shared<net::Connection>(endpoint);
  runner.submit([audit] {
    audit->send("audit: nightly"); // BUG: use-after-close #audit
  });
  audit->close(); // SAME: audit
}

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "ingest";
  if (mode == "audit") {
    TaskRunner shared(2);
    auditAndWait(shared, "audit.internal:9000");
    auditOnce(shared, "audit.internal:9000");
  }
  IngestPipeline pipeline("ingest.internal:7000");
  pipeline.park("batch-1");
  pipeline.resume();
  pipeline.park("batch-2");
  pipeline.shutdown();
  pipeline.resume(); // OK: resume() returns early after shutdown()
  pipeline.shutdown(); // OK: shutdown() is idempotent
  if (mode == "reload")
    pipeline.reload(); // BUG: use-after-close #reload
  return 0;
}
