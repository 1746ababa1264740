// Keeps the coordinator's lease on the running job alive.
#pragma once
#include "buildfarm/coordinator_replies.h"
#include "buildfarm/job.h"

#include <replication.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace buildfarm {

class CoordinatorLink;

using AwaitLeaseReply = std::function<LeaseReply(const std::string &jobId)>;

// start(jobId) opens a repl::ReplicationChannel to the lease service,
// acquires the lease and starts a thread that renews it every interval.
// release(outcome) hands the lease back; it must be called before stop().
// stop() stops and joins the renewal thread and then closes the channel;
// stop() twice is harmless. Sending on the channel after stop() fails
// ("replication channel closed"). When the lease service reports that the
// agent's session expired, the renewal thread re-registers the control link.
class LeaseKeeper {
public:
  LeaseKeeper(std::string endpoint, std::string agentId, CoordinatorLink &link,
              AwaitLeaseReply await, std::chrono::milliseconds interval);
  ~LeaseKeeper();

  void start(const std::string &jobId);
  void release(JobOutcome outcome);
  void stop();
  bool lost() const { return lost_.load(); }

private:
  void loop(std::string jobId);

  std::string endpoint_;
  std::string agentId_;
  CoordinatorLink &link_;
  AwaitLeaseReply await_;
  std::chrono::milliseconds interval_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::unique_ptr<repl::ReplicationChannel> channel_;
  std::string jobId_;
  bool stopping_ = false;
  bool stopped_ = true;
  std::atomic<bool> lost_{false};
  std::thread thread_;
};

} // namespace buildfarm
