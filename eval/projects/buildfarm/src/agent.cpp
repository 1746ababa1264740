#include "buildfarm/agent.h"
#include "buildfarm/admin_socket.h"
#include "buildfarm/artifact_uploader.h"
#include "buildfarm/cache_directory.h"
#include "buildfarm/coordinator_link.h"
#include "buildfarm/job_executor.h"
#include "buildfarm/job_fetcher.h"
#include "buildfarm/job_queue.h"
#include "buildfarm/lease_keeper.h"
#include "buildfarm/log_streamer.h"
#include "buildfarm/process_runner.h"
#include "buildfarm/reconnecting_producer.h"
#include "buildfarm/status_file.h"

#include <cstdio>
#include <exception>
#include <optional>
#include <utility>

namespace buildfarm {

Agent::Agent(AgentConfig cfg, std::unique_ptr<CoordinatorReplies> replies)
    : cfg_(std::move(cfg)), replies_(std::move(replies)) {
  link_ = std::make_unique<CoordinatorLink>(cfg_.coordinator);
  jobs_ = std::make_unique<JobQueue>();
  producer_ = std::make_unique<ReconnectingProducer>(cfg_.brokers);
  status_ = std::make_unique<StatusFile>(cfg_.runDir + "/status.json");
  streamer_ = std::make_unique<LogStreamer>(*producer_, cfg_.logTopic,
                                            cfg_.runDir + "/log-spool",
                                            cfg_.runDir + "/log-checkpoint");
  uploader_ = std::make_unique<ArtifactUploader>(cfg_.agentId, cfg_.artifactStore,
                                                 cfg_.uploadWorkers);
  cache_ = std::make_unique<CacheDirectory>(cfg_.cacheRoot);
  runner_ = std::make_unique<ProcessRunner>();
  lease_ = std::make_unique<LeaseKeeper>(
      cfg_.leaseService, cfg_.agentId, *link_,
      [this](const std::string &jobId) { return replies_->awaitLeaseReply(jobId); },
      cfg_.leaseInterval);
  executor_ = std::make_unique<JobExecutor>(cfg_.workRoot, *runner_, *lease_,
                                            *streamer_, *uploader_);
  fetcher_ = std::make_unique<JobFetcher>(
      cfg_.agentId, *link_, *jobs_,
      [this](std::chrono::milliseconds timeout) { return replies_->awaitAssignment(timeout); },
      cfg_.pollTimeout);
  reporter_ = std::make_unique<MetricsReporter>(
      *producer_, cfg_.metricsTopic, *status_, [this] { return stats(); },
      cfg_.metricsInterval);
  admin_ = std::make_unique<AdminSocket>(
      cfg_.runDir + "/admin.sock",
      [this](const std::string &command) { return handleAdmin(command); });
}

Agent::~Agent() {
  shutdown(); // OK: returns at once when main() already shut the agent down
}

bool Agent::start() {
  if (started_.exchange(true))
    return true;
  if (!cache_->prepare())
    std::fprintf(stderr, "agent: cache %s unavailable\n", cfg_.cacheRoot.c_str());
  status_->write(stateJson("starting"));

  // Hooks run last registered first. The producer has to outlive everything
  // that sends on it, so the streamer (which closes it) registers first.
  streamer_->registerHooks(hooks_);
  reporter_->start();
  reporter_->registerHooks(hooks_);
  hooks_.add("status-file", [this] {
    status_->close(); // SAME: status_hook
  });
  hooks_.add("uploads", [this] { uploader_->shutdown(); });
  if (!admin_->start())
    return false;
  hooks_.add("admin", [this] { admin_->stop(); });

  fetcher_->start();
  executorThread_ = std::thread([this] { executorLoop(); });
  housekeeping_ = std::thread([this] { housekeepingLoop(); });
  status_->write(stateJson("running")); // OK: the hook that closes it is only registered, it runs at shutdown
  return true;
}

void Agent::drain(std::chrono::seconds grace) {
  requestStop(StopKind::Drain);
  fetcher_->stop();
  jobs_->close(); // OK: the fetcher is joined, nothing pushes any more
  status_->write(stateJson("draining")); // OK: closed only by its shutdown hook, later
  if (!executor_->waitIdle(grace)) {
    std::fprintf(stderr, "agent: drain grace of %llds expired, cancelling the job\n",
                 static_cast<long long>(grace.count()));
    executor_->cancelCurrent();
  }
}

void Agent::shutdown() {
  if (shutDown_.exchange(true))
    return;
  requestStop(StopKind::Immediate);
  jobs_->close(); // SAME: fetch_push
  fetcher_->stop();
  executor_->cancelCurrent();
  if (executorThread_.joinable())
    executorThread_.join();
  if (housekeeping_.joinable())
    housekeeping_.join();

  std::string interrupted;
  {
    std::lock_guard<std::mutex> lock(jobMutex_);
    interrupted = interruptedJob_;
  }
  hooks_.runAll();
  if (!interrupted.empty())
    streamer_->publishMarker("interrupted " + interrupted + " agent=" + cfg_.agentId); // BUG: use-after-close #streamer_final
  link_->close(); // OK: fetcher and admin threads are joined; the lease thread only uses the link under its mutex
}

void Agent::requestStop(StopKind kind) {
  {
    std::lock_guard<std::mutex> lock(stopMutex_);
    if (static_cast<int>(kind) > static_cast<int>(stopKind_))
      stopKind_ = kind;
  }
  stopCv_.notify_all();
}

StopKind Agent::waitForStopRequest() {
  std::unique_lock<std::mutex> lock(stopMutex_);
  stopCv_.wait(lock, [this] { return stopKind_ != StopKind::None; });
  return stopKind_;
}

StopKind Agent::stopKind() const {
  std::lock_guard<std::mutex> lock(stopMutex_);
  return stopKind_;
}

void Agent::setCurrentJob(const std::string &id) {
  std::lock_guard<std::mutex> lock(jobMutex_);
  currentJob_ = id;
}

void Agent::executorLoop() {
  while (std::optional<JobSpec> job = jobs_->pop()) {
    if (stopKind() == StopKind::Immediate) {
      std::fprintf(stderr, "agent: dropping job %s, shutting down\n", job->id.c_str());
      continue;
    }
    setCurrentJob(job->id);
    bool succeeded = false;
    try {
      succeeded = executor_->run(*job).outcome == JobOutcome::Succeeded;
    } catch (const std::exception &e) {
      std::fprintf(stderr, "agent: job %s failed: %s\n", job->id.c_str(), e.what());
    }
    jobsRun_.fetch_add(1);
    if (!succeeded) {
      jobsFailed_.fetch_add(1);
      if (stopKind() != StopKind::None) {
        // Cut off by the drain timeout or by an immediate stop.
        std::lock_guard<std::mutex> lock(jobMutex_);
        interruptedJob_ = job->id;
      }
    }
    setCurrentJob("");
  }
}

void Agent::housekeepingLoop() {
  auto lastManifest = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(stopMutex_);
  while (!stopCv_.wait_for(lock, std::chrono::seconds(60),
                           [this] { return stopKind_ != StopKind::None; })) {
    lock.unlock();
    uploader_->closeIdleConnections(std::chrono::seconds(30));
    const std::uint64_t used = cache_->usage();
    cacheBytes_.store(used);
    if (used > cfg_.cacheLimitBytes)
      cache_->evict(cfg_.cacheLimitBytes / 10 * 8);
    const auto now = std::chrono::steady_clock::now();
    if (now - lastManifest >= std::chrono::minutes(10)) {
      uploader_->publishManifest(); // OK: the upload pool is shut down by a hook, after this thread is joined
      lastManifest = now;
    }
    lock.lock();
  }
}

AdminReply Agent::handleAdmin(const std::string &command) {
  AdminReply reply;
  if (command == "status") {
    reply.text = toJson(stats()) + "\n";
  } else if (command == "drain") {
    requestStop(StopKind::Drain);
    reply.text = "draining\n";
  } else if (command == "cancel") {
    executor_->cancelCurrent();
    reply.text = "cancel requested\n";
  } else if (command == "reconnect") {
    reply.text = link_->reconnect() ? "reconnected\n" : "link closed\n";
  } else if (command == "quit") {
    reply.text = "bye\n";
    reply.closeSession = true;
  } else {
    reply.text = "unknown command: " + command + "\n";
  }
  return reply;
}

AgentStats Agent::stats() const {
  AgentStats s;
  s.agentId = cfg_.agentId;
  switch (stopKind()) {
  case StopKind::None:
    s.state = executor_->busy() ? "busy" : "idle";
    break;
  case StopKind::Drain:
    s.state = "draining";
    break;
  case StopKind::Immediate:
    s.state = "stopping";
    break;
  }
  {
    std::lock_guard<std::mutex> lock(jobMutex_);
    s.currentJob = currentJob_;
  }
  s.jobsRun = jobsRun_.load();
  s.jobsFailed = jobsFailed_.load();
  s.cacheBytes = cacheBytes_.load();
  return s;
}

std::string Agent::stateJson(const std::string &state) const {
  return "{\"agent\":\"" + cfg_.agentId + "\",\"state\":\"" + state + "\"}";
}

} // namespace buildfarm
