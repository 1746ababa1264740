#include "buildfarm/lease_keeper.h"
#include "buildfarm/coordinator_link.h"

#include <cstdio>
#include <utility>

namespace buildfarm {

LeaseKeeper::LeaseKeeper(std::string endpoint, std::string agentId,
                         CoordinatorLink &link, AwaitLeaseReply await,
                         std::chrono::milliseconds interval)
    : endpoint_(std::move(endpoint)), agentId_(std::move(agentId)), link_(link),
      await_(std::move(await)), interval_(interval) {}

LeaseKeeper::~LeaseKeeper() {
  stop(); // OK: returns at once when the last job already stopped it
}

void LeaseKeeper::start(const std::string &jobId) {
  stop(); // OK: a previous job's keeper, if any; nothing to do when already stopped
  std::lock_guard<std::mutex> lock(mutex_);
  channel_ = std::make_unique<repl::ReplicationChannel>(endpoint_);
  jobId_ = jobId;
  lost_.store(false);
  stopping_ = false;
  stopped_ = false;
  channel_->send("ACQUIRE " + jobId + " agent=" + agentId_); // OK: a fresh channel, the closed one was replaced
  thread_ = std::thread([this, jobId] { loop(jobId); });
}

void LeaseKeeper::loop(std::string jobId) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    channel_->send("RENEW " + jobId); // OK: stop() closes the channel only after joining this thread
    lock.unlock();
    const LeaseReply reply = await_(jobId);
    switch (reply) {
    case LeaseReply::Renewed:
    case LeaseReply::NoReply:
      break;
    case LeaseReply::Revoked:
      std::fprintf(stderr, "lease: coordinator revoked the lease on %s\n",
                   jobId.c_str());
      lost_.store(true);
      break;
    case LeaseReply::SessionExpired:
      // The coordinator forgot this agent: register the control link again.
      if (link_.reconnect())
        link_.sendLocked("HELLO agent=" + agentId_); // OK: under the link mutex, the fresh connection
      break;
    }
    lock.lock();
  }
}

void LeaseKeeper::release(JobOutcome outcome) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!channel_)
    return;
  channel_->send("RELEASE " + jobId_ + " outcome=" + toString(outcome)); // SAME: lease_release
  channel_->flush();
}

void LeaseKeeper::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_)
      return;
    stopping_ = true;
    stopped_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  channel_->close(); // OK: the renewal thread is joined
}

} // namespace buildfarm
