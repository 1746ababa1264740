// The daemon's worker crew. Negative: drain() waits until the queue is empty
// *and* no job is still running, so callers that drain before closing a
// handle never race a job; join() lets queued jobs finish before the threads
// are joined, and a job's exception is logged instead of killing its thread.
#include "stagehands.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace cued {

Stagehands::Stagehands(std::size_t count) {
  crew_.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    crew_.emplace_back([this] { work(); });
}

Stagehands::~Stagehands() { join(); }

void Stagehands::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (quitting_)
      throw std::logic_error("stagehands have gone home");
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void Stagehands::drain() {
  std::unique_lock<std::mutex> lk(mu_);
  idle_.wait(lk, [this] { return jobs_.empty() && busy_ == 0; });
}

std::size_t Stagehands::cancelPending() {
  std::lock_guard<std::mutex> lk(mu_);
  const std::size_t dropped = jobs_.size();
  jobs_.clear();
  if (busy_ == 0)
    idle_.notify_all();
  return dropped;
}

void Stagehands::join() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (quitting_ && crew_.empty())
      return;
    quitting_ = true;
  }
  wake_.notify_all();
  for (auto &t : crew_)
    if (t.joinable())
      t.join();
  crew_.clear();
}

void Stagehands::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lk(mu_);
      wake_.wait(lk, [this] { return quitting_ || !jobs_.empty(); });
      if (jobs_.empty())
        return; // quitting and nothing left
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_;
    }
    try {
      job();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "stagehands: job failed: %s\n", e.what());
    }
    {
      std::lock_guard<std::mutex> lk(mu_);
      --busy_;
      if (jobs_.empty() && busy_ == 0)
        idle_.notify_all();
    }
  }
}

} // namespace cued
