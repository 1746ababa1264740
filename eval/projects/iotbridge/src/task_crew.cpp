// TaskCrew: fixed worker threads running posted tasks (contract in
// task_crew.h: post() throws after shutdown(); shutdown() is idempotent).
#include "iotbridge/task_crew.h"

#include <stdexcept>

#include "iotbridge/log.h"

namespace iotbridge {

TaskCrew::TaskCrew(std::size_t workers, std::string name) : name_(std::move(name)) {
  if (workers == 0) workers = 1;
  workers_.reserve(workers);
  for (std::size_t i = 0; i < workers; ++i) {
    workers_.emplace_back([this, i] { workerLoop(i); });
  }
}

TaskCrew::~TaskCrew() {
  shutdown();  // OK: a second shutdown() returns at once
}

void TaskCrew::post(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) {
      throw std::runtime_error("TaskCrew '" + name_ + "' is shut down");
    }
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
}

void TaskCrew::shutdown() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (std::thread& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
  IOTB_LOG(Debug, "crew", name_ << ": all workers joined");
}

std::size_t TaskCrew::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return tasks_.size();
}

void TaskCrew::workerLoop(std::size_t index) {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping and nothing left to run
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception& e) {
      IOTB_LOG(Error, "crew", name_ << "#" << index << ": task failed: " << e.what());
    } catch (...) {
      IOTB_LOG(Error, "crew", name_ << "#" << index << ": task failed");
    }
  }
}

}  // namespace iotbridge
