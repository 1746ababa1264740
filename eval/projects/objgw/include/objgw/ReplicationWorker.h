// Copies stored objects to the replica backend on a thread of its own.
//
// Semantics: the constructor installs an ObjectStored hook that queues a job per
// stored object. start() launches the thread; stop() closes the job queue, lets
// the thread drain what is queued and joins it (idempotent). Pushing onto the
// closed queue throws std::runtime_error("queue closed"). A put the replica
// rejects is retried later through the TaskTimer. After each replicated object
// the worker fires ReplicationDone on its own thread. The worker owns its target
// connection: the destructor stops the worker and closes the target.
#pragma once
#include "objgw/BlockingQueue.h"
#include "objgw/LifecycleHooks.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace objgw {

class BackendConnection;
class TaskTimer;

struct ReplicationJob {
  std::string key;
  std::string data;
  int attempt = 0;
};

class ReplicationWorker {
public:
  ReplicationWorker(std::shared_ptr<BackendConnection> target, TaskTimer &timer,
                    LifecycleHooks &hooks, std::chrono::milliseconds retryDelay);
  ~ReplicationWorker();
  ReplicationWorker(const ReplicationWorker &) = delete;
  ReplicationWorker &operator=(const ReplicationWorker &) = delete;

  void start();
  void stop();
  std::size_t pending() const;

private:
  using JobQueue = BlockingQueue<ReplicationJob>;
  void run();
  void scheduleRetry(ReplicationJob job);

  static constexpr int kMaxAttempts = 5;

  std::shared_ptr<BackendConnection> target_;
  TaskTimer &timer_;
  LifecycleHooks &hooks_;
  std::chrono::milliseconds retryDelay_;
  std::shared_ptr<JobQueue> queue_;
  LifecycleHooks::Handle storedHook_ = 0;
  std::mutex mu_;
  bool stopped_ = false;
  std::thread thread_;
};

} // namespace objgw
