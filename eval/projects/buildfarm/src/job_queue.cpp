#include "buildfarm/job_queue.h"

#include <stdexcept>
#include <utility>

namespace buildfarm {

void JobQueue::push(JobSpec job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("job queue closed");
    jobs_.push_back(std::move(job));
  }
  ready_.notify_one();
}

std::optional<JobSpec> JobQueue::pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
  if (jobs_.empty())
    return std::nullopt;
  JobSpec job = std::move(jobs_.front());
  jobs_.pop_front();
  return job;
}

void JobQueue::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  ready_.notify_all();
}

bool JobQueue::closed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

std::size_t JobQueue::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return jobs_.size();
}

} // namespace buildfarm
