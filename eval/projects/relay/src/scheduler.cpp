// Scheduler: runs submitted tasks on its own threads.
#include "relay/scheduler.h"

#include <stdexcept>
#include <utility>

namespace relay {

Scheduler::Scheduler(unsigned threads) {
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this] { loop(); });
}

Scheduler::~Scheduler() { shutdown(); }

void Scheduler::submit(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_)
    throw std::runtime_error("scheduler is shut down");
  tasks_.push_back(std::move(task));
  wake_.notify_one();
}

void Scheduler::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return tasks_.empty() && running_ == 0; });
}

void Scheduler::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread &thread : threads_)
    thread.join();
  threads_.clear();
}

void Scheduler::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
    if (tasks_.empty())
      return;
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    ++running_;
    lock.unlock();
    task();
    lock.lock();
    --running_;
    idle_.notify_all();
  }
}

} // namespace relay
