// Long-polls the coordinator for work.
#pragma once
#include "buildfarm/coordinator_replies.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

namespace buildfarm {

class CoordinatorLink;
class JobQueue;

using AwaitAssignment = std::function<PollReply(std::chrono::milliseconds)>;

// start() starts the poll thread; stop() stops and joins it (idempotent).
// Each round sends "POLL" on the control connection and waits up to the poll
// timeout for an assignment, which is acknowledged on the next round and
// pushed to the job queue. When the transport is lost the fetcher reconnects
// the link itself.
class JobFetcher {
public:
  JobFetcher(std::string agentId, CoordinatorLink &link, JobQueue &queue,
             AwaitAssignment await, std::chrono::milliseconds pollTimeout);
  ~JobFetcher();

  void start();
  void stop();
  std::uint64_t fetched() const { return fetched_.load(); }

private:
  void run();
  std::string pollRequest(const std::string &ack) const;

  std::string agentId_;
  CoordinatorLink &link_;
  JobQueue &queue_;
  AwaitAssignment await_;
  std::chrono::milliseconds pollTimeout_;
  std::atomic<bool> running_{false};
  std::atomic<std::uint64_t> fetched_{0};
  std::thread thread_;
};

} // namespace buildfarm
