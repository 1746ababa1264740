// LimnoErrands: one worker thread for posted jobs. A job that throws is logged and
// the worker carries on.
#include "limnod_errands.h"
#include <cstdio>
#include <exception>

LimnoErrands::LimnoErrands() : worker_(&LimnoErrands::loop, this) {}

LimnoErrands::~LimnoErrands() { stop(); }

void LimnoErrands::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void LimnoErrands::drain() {
  std::unique_lock<std::mutex> lk(mu_);
  idle_.wait(lk, [this] { return jobs_.empty() && !busy_; });
}

void LimnoErrands::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable())
    worker_.join();
}

void LimnoErrands::loop() {
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    wake_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) {
      idle_.notify_all();
      return;
    }
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    busy_ = true;
    lk.unlock();
    try {
      job();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "limnod: errand failed: %s\n", e.what());
    }
    lk.lock();
    busy_ = false;
    if (jobs_.empty())
      idle_.notify_all();
  }
}
