// A thread pool is known by what it does, whatever its name: it owns
// threads, keeps the callables it is given in a member, and its code calls
// the callables that member keeps. Its waits are the methods that join its
// threads or wait on its condition variables (or call one that does).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- %cxxflags -std=c++17 -pthread | FileCheck %s --check-prefix=LIST
#include "streaming.h"
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>
using namespace kafka;

class Crew {
public:
  explicit Crew(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~Crew() { finish(); }
  void assign(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (done_)
      throw std::runtime_error("crew is finishing");
    jobs_.push_back(std::move(job));
    wake_.notify_one();
  }
  void quiesce() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return jobs_.empty(); });
  }
  void finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : workers_)
      if (t.joinable())
        t.join();
  }
  void stop() { finish(); }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return done_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      idle_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  bool done_ = false;
};

// LIST: Crew: runs what it is given on its threads 'workers_' (rule close-while-in-use)
// LIST-NEXT:   submit  assign()  {{.*}}inferred-pools.cpp:33: keeps the callable it is given in 'jobs_'
// LIST-NEXT:   wait    quiesce()  {{.*}}inferred-pools.cpp:38: waits for 'idle_'
// LIST-NEXT:   wait    finish()  {{.*}}inferred-pools.cpp:48: waits for 'workers_'
// LIST-NEXT:   wait    stop()  {{.*}}inferred-pools.cpp:50: calls 'finish()'
// LIST-NEXT: JobRunner: runs what it is given on its threads 'threads_' (rule close-while-in-use)
// LIST-NEXT:   submit  enqueue()  {{.*}}inferred-pools.cpp:168: keeps the callable it is given in 'tasks_'
// LIST-NEXT: Timer: runs what it is given on its threads 'thread_' (rule close-while-in-use)
// LIST-NEXT:   submit  schedule()  {{.*}}inferred-pools.cpp:205: keeps the callable it is given in 'entries_'
// LIST-NEXT:   wait    stop()  {{.*}}inferred-pools.cpp:209: waits for 'thread_'
// LIST-NOT: HookList

void closesAtOnce(Crew &crew, KafkaProducer &producer) {
  crew.assign([&producer] { producer.send({"t", "v"}); });
  // CHECK: inferred-pools.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
  producer.close();
  // CHECK: inferred-pools.cpp:[[@LINE-3]]:8: note: the executor task is started here
  // CHECK: inferred-pools.cpp:33:11: note: errlint inferred that 'Crew' runs the callables it is given on threads it owns ('workers_'): 'assign()' keeps the callable, 'quiesce()', 'finish()', 'stop()' wait for them
}

void waitsFirst(Crew &crew, KafkaProducer &producer) {
  crew.assign([&producer] { producer.send({"t", "v"}); });
  crew.quiesce();
  producer.close();
}

void stopsFirst(Crew &crew, KafkaProducer &producer) {
  crew.assign([&producer] { producer.send({"t", "v"}); });
  crew.stop();
  producer.close();
}

// The crew's destructor joins its threads before the close.
void crewOutOfScope(KafkaProducer &producer) {
  {
    Crew crew(2);
    crew.assign([&producer] { producer.send({"t", "v"}); });
  }
  producer.close();
}

// A task that does not use the producer races with nothing.
void unrelatedTask(Crew &crew, KafkaProducer &producer) {
  crew.assign([] {});
  producer.close();
}

// The pool's own protocol: assign() throws once finish() ran.
void assignAfterFinish(Crew &crew) {
  crew.finish();
  // CHECK: inferred-pools.cpp:[[@LINE+1]]:8: warning: call to 'assign' on 'crew' after it was closed [errlint-use-after-close]
  crew.assign([] {});
}

// assign() after finish() throws before it queues anything: no task of it
// can still be running when the producer is closed, in a loop or not.
void lateJobsAfterFinish(Crew &crew, KafkaProducer &producer, int late) {
  crew.finish();
  for (int i = 0; i < late; ++i)
    // CHECK: inferred-pools.cpp:[[@LINE+1]]:10: warning: call to 'assign' on 'crew' after it was closed [errlint-use-after-close]
    crew.assign([&producer] { producer.send({"late", "v"}); });
  producer.close(); // OK: no late job was queued
}

/// A pool with a template enqueue() returning a future, in the widespread
/// shape: a packaged_task in a shared_ptr, a lambda calling it in the queue.
class JobRunner {
public:
  explicit JobRunner(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this] {
        for (;;) {
          std::function<void()> task;
          {
            std::unique_lock<std::mutex> lock(mutex_);
            ready_.wait(lock, [this] { return stop_ || !tasks_.empty(); });
            if (tasks_.empty())
              return;
            task = std::move(tasks_.front());
            tasks_.pop();
          }
          task();
        }
      });
  }
  template <class F, class... Args>
  auto enqueue(F &&f, Args &&...args) -> std::future<decltype(f(args...))> {
    using R = decltype(f(args...));
    auto task = std::make_shared<std::packaged_task<R()>>(
        std::bind(std::forward<F>(f), std::forward<Args>(args)...));
    std::future<R> result = task->get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      tasks_.emplace([task] { (*task)(); });
    }
    ready_.notify_one();
    return result;
  }

private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::queue<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  bool stop_ = false;
};

void enqueueThenClose(JobRunner &runner, KafkaProducer &producer) {
  runner.enqueue([&producer] { producer.send({"t", "v"}); });
  // CHECK: inferred-pools.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
  producer.close();
}

// Every future the runner returned is awaited, through the vector they
// were put in, before the close.
void awaitEveryFuture(JobRunner &runner, KafkaProducer &producer) {
  std::vector<std::future<void>> sent;
  for (int i = 0; i < 3; ++i)
    sent.push_back(runner.enqueue([&producer] { producer.send({"t", "v"}); }));
  for (std::future<void> &f : sent)
    f.get();
  producer.close();
}

/// A timer thread: the callable is the second parameter.
class Timer {
public:
  Timer() : thread_([this] { run(); }) {}
  void schedule(std::chrono::milliseconds delay, std::function<void()> fn) {
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.push_back({delay, std::move(fn)});
  }
  void stop() {
    if (thread_.joinable())
      thread_.join();
  }

private:
  struct Entry {
    std::chrono::milliseconds delay;
    std::function<void()> fn;
  };
  void run() {
    for (Entry &e : entries_)
      e.fn();
  }
  std::mutex mutex_;
  std::vector<Entry> entries_;
  std::thread thread_;
};

void keepaliveThenClose(Timer &timer, AuditChannel &channel) {
  timer.schedule(std::chrono::milliseconds(50), [&channel] { channel.send("ping"); });
  // CHECK: inferred-pools.cpp:[[@LINE+1]]:11: warning: 'channel' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
  channel.close();
}

void keepaliveStopped(Timer &timer, AuditChannel &channel) {
  timer.schedule(std::chrono::milliseconds(50), [&channel] { channel.send("ping"); });
  timer.stop();
  channel.close();
}

/// A service whose flush() leaves tasks on its member pool: a caller that
/// closes after flush() races with them, unless it waits for the pool (or a
/// helper that does) first.
class Forwarder {
public:
  Forwarder() : pool_(2) {}
  void flush() {
    pool_.assign([this] { producer_.send({"t", "v"}); });
  }
  void drainPool() { pool_.quiesce(); }
  void shutdown() {
    flush();
    // CHECK: inferred-pools.cpp:[[@LINE+1]]:15: warning: 'producer_' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
    producer_.close();
  }
  void shutdownCleanly() {
    flush();
    drainPool();
    producer_.close();
  }

private:
  KafkaProducer producer_;
  Crew pool_;
};

/// Owns a thread and keeps callables, but never calls them: not a pool.
class HookList {
public:
  HookList() : thread_([] {}) {}
  ~HookList() { thread_.join(); }
  void add(std::function<void()> hook) { hooks_.push_back(std::move(hook)); }
  std::size_t size() const { return hooks_.size(); }

private:
  std::vector<std::function<void()>> hooks_;
  std::thread thread_;
};

void hooksAreNotTasks(HookList &hooks, KafkaProducer &producer) {
  hooks.add([&producer] { producer.send({"t", "v"}); });
  producer.close();
}
