// Stagehand: one worker thread running posted jobs in order. close() refuses
// new jobs, lets the queued ones run, and joins the worker. Correct as
// written: close() is idempotent, so the destructor may call it again.
#include "stagehand.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

Stagehand::Stagehand(std::string name) : name_(std::move(name)) {
  worker_ = std::thread([this] { run(); });
}

Stagehand::~Stagehand() {
  close(); // OK: close() returns at once when already closed
}

void Stagehand::post(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("stagehand " + name_ + " closed");
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void Stagehand::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return jobs_.empty() && !busy_; });
}

bool Stagehand::drainFor(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  return idle_.wait_for(lock, timeout,
                        [this] { return jobs_.empty() && !busy_; });
}

void Stagehand::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable())
    worker_.join();
}

bool Stagehand::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

void Stagehand::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    wake_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
    if (jobs_.empty())
      break; // closed and nothing left
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    busy_ = true;
    lock.unlock();
    try {
      job();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "stagehand %s: job failed: %s\n", name_.c_str(),
                   e.what());
    }
    lock.lock();
    busy_ = false;
    if (jobs_.empty())
      idle_.notify_all();
  }
  idle_.notify_all();
}
