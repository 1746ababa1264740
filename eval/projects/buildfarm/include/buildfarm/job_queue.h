// Hand-off of fetched jobs from the fetcher thread to the executor thread.
#pragma once
#include "buildfarm/job.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace buildfarm {

// push() after close() throws std::runtime_error("job queue closed").
// close() is idempotent and wakes every pop(). pop() blocks until a job is
// available and returns std::nullopt once the queue is closed and empty.
class JobQueue {
public:
  void push(JobSpec job);
  std::optional<JobSpec> pop();
  void close();
  bool closed() const;
  std::size_t size() const;

private:
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<JobSpec> jobs_;
  bool closed_ = false;
};

} // namespace buildfarm
