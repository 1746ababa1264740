// WorkerPool: see worker_pool.h (submit() throws once stop() closed the task
// queue; stop() drains, joins and is idempotent).
#include "backupd/worker_pool.h"

namespace backupd {

WorkerPool::~WorkerPool() {
  stop(); // OK: stop() is idempotent (closing the queue twice is allowed, threads_ is emptied)
}

void WorkerPool::start(unsigned threads) {
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { loop(); });
}

void WorkerPool::submit(Task task) {
  std::lock_guard<std::mutex> lock(idleMu_);
  tasks_.push(std::move(task));
  ++pending_;
}

void WorkerPool::waitIdle() {
  std::unique_lock<std::mutex> lock(idleMu_);
  idleCv_.wait(lock, [this] { return pending_ == 0; });
}

void WorkerPool::loop() {
  while (auto task = tasks_.pop()) { // OK: pop() drains what was queued, then returns nullopt once closed
    (*task)();
    {
      std::lock_guard<std::mutex> lock(idleMu_);
      --pending_;
    }
    idleCv_.notify_all();
  }
}

void WorkerPool::stop() {
  tasks_.close();
  for (std::thread &t : threads_) {
    if (t.joinable())
      t.join();
  }
  threads_.clear();
}

} // namespace backupd
