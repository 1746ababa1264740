// Nightly report job. ReportSink collects the rendered sections of one
// report: append() throws std::runtime_error once the sink is closed;
// close() is idempotent (a second call returns immediately); suspend() and
// resume() gate the upload, and resume() returns early once the sink is
// closed. BatchPool stores posted callables and runs them on its own worker
// threads inside joinAll(), which returns after every task has finished.
// Correct throughout: every append() runs before the close that follows
// joinAll()/wait(), and the repeated close()/resume()/shutdown() calls are
// no-ops by design.
#include "scheduler.h"

#include <atomic>
#include <cstdio>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class ReportSink {
public:
  explicit ReportSink(std::string name) : name_(std::move(name)) {}
  void append(const std::string &section);
  void suspend();
  void resume();
  void close();

private:
  std::mutex mu_;
  std::string name_;
  std::vector<std::string> sections_;
  bool closed_ = false;
  bool suspended_ = false;
};

void ReportSink::append(const std::string &section) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("report sink closed: " + name_);
  sections_.push_back(section);
}

void ReportSink::suspend() {
  std::lock_guard<std::mutex> lock(mu_);
  suspended_ = true;
}

void ReportSink::resume() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  suspended_ = false;
}

void ReportSink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  std::printf("report %s: %zu sections\n", name_.c_str(), sections_.size());
}

class BatchPool {
public:
  explicit BatchPool(unsigned workers) : workers_(workers ? workers : 1) {}
  void post(std::function<void()> task) { tasks_.push_back(std::move(task)); }
  void joinAll();

private:
  unsigned workers_;
  std::vector<std::function<void()>> tasks_;
};

void BatchPool::joinAll() {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < workers_; ++i) {
    threads.emplace_back([this, &next] {
      for (std::size_t t = next++; t < tasks_.size(); t = next++)
        tasks_[t]();
    });
  }
  for (std::thread &th : threads)
    th.join();
  tasks_.clear();
}

bool publishReport(ReportSink &sink, bool uploaded) {
  if (!uploaded) {
    sink.close();
    return false;
  }
  sink.resume();
  return true;
}

void renderNightly(const std::vector<std::string> &regions, bool uploaded) {
  ReportSink sink("nightly");
  BatchPool pool(4);
  for (const std::string &region : regions) {
    pool.post([&sink, region] {
      sink.append("== " + region + " =="); // OK: tasks run inside joinAll(), before any close
    });
  }
  sink.suspend();
  pool.joinAll();
  bool published = publishReport(sink, uploaded);
  sink.resume(); // OK: resume() returns early when publishReport() closed the sink
  sink.close(); // OK: close() is idempotent
  std::printf("nightly report %s\n", published ? "published" : "kept locally");
}

void renderAdhoc(const std::vector<std::string> &sections) {
  ReportSink sink("adhoc");
  Scheduler sched(2);
  for (const std::string &s : sections)
    sched.submit([&sink, s] { sink.append(s); });
  sched.wait();
  sink.close();
  sched.shutdown();
}
