// ReplicationWorker: asynchronous copy of stored objects to the replica.
#include "objgw/ReplicationWorker.h"

#include "objgw/BackendConnection.h"
#include "objgw/TaskTimer.h"

#include <cstdio>
#include <exception>

namespace objgw {

ReplicationWorker::ReplicationWorker(std::shared_ptr<BackendConnection> target, TaskTimer &timer,
                                     LifecycleHooks &hooks, std::chrono::milliseconds retryDelay)
    : target_(std::move(target)), timer_(timer), hooks_(hooks), retryDelay_(retryDelay),
      queue_(std::make_shared<JobQueue>()) {
  // The hook may outlive this worker inside the registry, so it only holds the
  // queue weakly.
  std::weak_ptr<JobQueue> weakQueue = queue_;
  storedHook_ = hooks_.on(HookKind::ObjectStored, [weakQueue](const HookEvent &ev) {
    if (std::shared_ptr<JobQueue> queue = weakQueue.lock())
      queue->push(ReplicationJob{ev.key, ev.payload, 0}); // BUG: use-after-close
  });
}

ReplicationWorker::~ReplicationWorker() {
  stop(); // OK: stop() returns at once when the worker was already stopped
  hooks_.off(storedHook_);
  target_->close(); // SAME: repldtor
}

void ReplicationWorker::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_ || thread_.joinable())
    return;
  thread_ = std::thread([this] { run(); });
}

void ReplicationWorker::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return;
    stopped_ = true;
  }
  queue_->close(); // SAME: retrypush
  if (thread_.joinable())
    thread_.join();
}

std::size_t ReplicationWorker::pending() const { return queue_->size(); }

void ReplicationWorker::run() {
  while (std::optional<ReplicationJob> job = queue_->pop()) { // OK: pop() keeps draining after close() and then ends the loop
    bool stored = false;
    try {
      stored = target_->put(job->key, job->data); // BUG: use-after-close #replrace
    } catch (const std::exception &e) {
      std::fprintf(stderr, "objgw: replication of %s failed: %s\n", job->key.c_str(), e.what());
      continue;
    }
    if (stored)
      hooks_.fire(HookKind::ReplicationDone, HookEvent{job->key, ""});
    else
      scheduleRetry(std::move(*job));
  }
}

void ReplicationWorker::scheduleRetry(ReplicationJob job) {
  if (++job.attempt > kMaxAttempts) {
    std::fprintf(stderr, "objgw: giving up replicating %s\n", job.key.c_str());
    return;
  }
  const std::shared_ptr<JobQueue> queue = queue_;
  timer_.schedule(retryDelay_ * job.attempt, [queue, job]() { // OK: this runs on the worker thread, which Gateway::stop() joins before it shuts the timer down
    queue->push(job); // BUG: use-after-close #retrypush
  });
}

} // namespace objgw
