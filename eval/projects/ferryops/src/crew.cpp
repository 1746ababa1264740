// Crew: the worker pool. Workers exit only once stopping_ is set and the
// queue is empty, so join() runs every task posted before it. join() is
// idempotent; post() after join() throws. Correct: no handle is closed here,
// and join() swaps the thread list out so a second call joins nothing.
#include "crew.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace ferry {

Crew::Crew(std::size_t threads) {
  workers_.reserve(threads);
  for (std::size_t i = 0; i < threads; ++i)
    workers_.emplace_back([this] { workerLoop(); });
}

Crew::~Crew() { join(); }

void Crew::post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      throw std::logic_error("Crew: post after join");
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void Crew::join() {
  std::vector<std::thread> workers;
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
    workers.swap(workers_);
  }
  wake_.notify_all();
  for (std::thread &w : workers)
    if (w.joinable())
      w.join();
}

std::size_t Crew::queued() const {
  std::lock_guard<std::mutex> lk(mu_);
  return tasks_.size();
}

void Crew::workerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lk(mu_);
      wake_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "crew: task failed: %s\n", e.what());
    }
  }
}

} // namespace ferry
