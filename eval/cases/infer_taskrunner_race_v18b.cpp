// Metrics export. A MetricsExporter collects gauge snapshots and ships them
// through a MetricsProducer using a TaskRunner, which keeps the callables it
// is given and runs each one on a thread it owns; wait() joins every thread
// started so far. exportOnce() closes the producer right after posting the
// tasks without wait(), racing with the tasks that send on it;
// exportAndWait() waits first. stop() shuts the runner down and then posts
// one more "final flush" task to it, which the runner rejects.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

// MetricsProducer: send() throws std::runtime_error once closed; close() is
// idempotent. Internally synchronized.
class MetricsProducer {
public:
  explicit MetricsProducer(std::string endpoint) : endpoint_(std::move(endpoint)) {}
  void send(const std::string &line) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("metrics producer " + endpoint_ + " is closed");
    ++sent_;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::string endpoint_;
  std::mutex mu_;
  long sent_ = 0;
  bool closed_ = false;
};

// TaskRunner: post() stores the task and starts it on a new owned thread;
// post() after shutdown() throws std::logic_error. wait() joins all started
// threads. shutdown() waits and then refuses further tasks (idempotent).
class TaskRunner {
public:
  ~TaskRunner() { shutdown(); }

  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_)
      throw std::logic_error("task runner has been shut down");
    tasks_.push_back(std::make_shared<std::function<void()>>(std::move(task)));
    auto t = tasks_.back();
    threads_.emplace_back([t] { (*t)(); });
  }

  void wait() {
    std::vector<std::thread> started;
    {
      std::lock_guard<std::mutex> lock(mu_);
      started.swap(threads_);
    }
    for (auto &th : started)
      th.join();
  }

  void shutdown() {
    wait();
    std::lock_guard<std::mutex> lock(mu_);
    shut_ = true;
    tasks_.clear();
  }

private:
  std::mutex mu_;
  std::vector<std::shared_ptr<std::function<void()>>> tasks_;
  std::vector<std::thread> threads_;
  bool shut_ = false;
};

class MetricsExporter {
public:
  explicit MetricsExporter(std::string endpoint) : endpoint_(std::move(endpoint)) {}

  void set(const std::string &name, double v) { gauges_[name] = v; }

  void exportOnce() {
    auto producer = std::make_shared<MetricsProducer>(endpoint_);
    for (const auto &g : gauges_) {
      std::string line = g.first + " " + std::to_string(g.second);
      runner_.post([producer, line] {
        producer->send(line); // BUG: use-after-close #exportrace
      });
    }
    producer->close(); // SAME: exportrace
  }

  void exportAndWait() {
    auto producer = std::make_shared<MetricsProducer>(endpoint_);
    for (const auto &g : gauges_) {
      std::string line = g.first + " " + std::to_string(g.second);
      runner_.post([producer, line] {
        producer->send(line); // OK: the caller waits for every task before closing
      });
    }
    runner_.wait();
    producer->close(); // OK: nothing is running any more
  }

  void stop() {
    runner_.shutdown();
    runner_.post([this] { finalFlush(); }); // BUG: use-after-close
  }

  void stopFixed() {
    runner_.post([this] { std::printf("final export of %zu gauges\n", gauges_.size()); });
    runner_.shutdown();
  }

private:
  void finalFlush() { std::printf("final flush to %s\n", endpoint_.c_str()); }

  std::string endpoint_;
  std::map<std::string, double> gauges_;
  TaskRunner runner_;
};

int main() {
  MetricsExporter primary("metrics-gw:2003");
  primary.set("cpu.load", 0.73);
  primary.set("mem.used_mb", 2048);
  primary.set("disk.io_wait", 0.04);
  primary.exportAndWait();
  primary.stopFixed();

  MetricsExporter secondary("metrics-gw-2:2003");
  secondary.set("queue.depth", 17);
  secondary.set("queue.lag_ms", 230);
  secondary.exportOnce();
  try {
    secondary.stop();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "exporter stop: %s\n", e.what());
  }
  return 0;
}
