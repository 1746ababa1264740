// WorkerPool: fixed-size pool of the daemon's own. Correct throughout:
// post() checks stopping_ under the queue mutex and reports Closed instead of
// queuing; stop() is idempotent (the second caller returns at once), so the
// destructor may call it after the site already did.
#include "worker_pool.h"

#include <cstdio>
#include <exception>

WorkerPool::WorkerPool(std::size_t threads) {
  if (threads == 0) threads = 1;
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() {
  stop(); // OK: idempotent, the site usually stopped the pool already
}

Status WorkerPool::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return Status::Error(StatusCode::Closed, "worker pool stopped");
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
  return Status::Ok();
}

void WorkerPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
}

bool WorkerPool::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopping_;
}

void WorkerPool::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping and drained
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "baggaged: worker job failed: %s\n", e.what());
    }
  }
}
