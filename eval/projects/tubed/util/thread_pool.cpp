// ThreadPool: fixed set of workers draining a job queue. submit() throws once shutdown()
// ran. shutdown() swaps the thread list out under the lock, so a second call (the
// destructor after an explicit shutdown) finds nothing to join. Negative file.
#include "thread_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace tubed {

ThreadPool::ThreadPool(std::size_t workers) {
  if (workers == 0) workers = 1;
  threads_.reserve(workers);
  for (std::size_t i = 0; i < workers; ++i) {
    threads_.emplace_back([this] { worker_loop(); });
  }
}

ThreadPool::~ThreadPool() {
  shutdown(); // OK: idempotent; after an explicit shutdown() there is nothing left to join
}

void ThreadPool::submit(std::function<void()> job) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_) throw std::runtime_error("thread pool shut down");
  jobs_.push_back(std::move(job));
  cv_.notify_one();
}

void ThreadPool::shutdown() {
  std::vector<std::thread> to_join;
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
    to_join.swap(threads_);
  }
  cv_.notify_all();
  for (std::thread& t : to_join) {
    if (t.joinable()) t.join();
  }
}

bool ThreadPool::accepting() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !stopping_;
}

void ThreadPool::worker_loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and everything queued has run
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tubed: worker job failed: %s\n", e.what());
    }
  }
}

}  // namespace tubed
