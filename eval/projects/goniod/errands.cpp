// goniod — Errands: a fixed crew of threads running posted jobs in order of
// arrival. drain() returns once the queue is empty and no job is running;
// join() drains, dismisses the crew and joins every thread.
#include "errands.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

namespace goniod {

Errands::Errands(unsigned hands) {
  for (unsigned i = 0; i < hands; ++i)
    hands_.emplace_back([this] { hand_loop(); });
}

Errands::~Errands() { join(); }

void Errands::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (dismissed_)
      throw std::logic_error("errands: the crew has been dismissed");
    jobs_.push_back(std::move(job));
  }
  work_cv_.notify_one();
}

void Errands::drain() {
  std::unique_lock<std::mutex> lk(mu_);
  idle_cv_.wait(lk, [this] { return jobs_.empty() && busy_ == 0; });
}

void Errands::join() {
  drain();
  {
    std::lock_guard<std::mutex> lk(mu_);
    dismissed_ = true;
  }
  work_cv_.notify_all();
  for (std::thread &t : hands_)
    if (t.joinable())
      t.join();
}

void Errands::hand_loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lk(mu_);
      work_cv_.wait(lk, [this] { return dismissed_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_;
    }
    try {
      job();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "goniod: errand failed: %s\n", e.what());
    }
    {
      std::lock_guard<std::mutex> lk(mu_);
      --busy_;
    }
    idle_cv_.notify_all();
  }
}

} // namespace goniod
