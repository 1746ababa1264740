// The build agent: owns every component and runs the start/drain/shutdown
// sequence.
#pragma once
#include "buildfarm/config.h"
#include "buildfarm/coordinator_replies.h"
#include "buildfarm/metrics_reporter.h"
#include "buildfarm/shutdown_registry.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace buildfarm {

class AdminSocket;
class ArtifactUploader;
class CacheDirectory;
class CoordinatorLink;
class JobExecutor;
class JobFetcher;
class JobQueue;
class LeaseKeeper;
class LogStreamer;
class ProcessRunner;
class ReconnectingProducer;
class StatusFile;
struct AdminReply;

enum class StopKind { None, Drain, Immediate };

// start() starts the components and registers their shutdown hooks.
// drain(grace) stops taking work and waits up to grace for the running job,
// cancelling it afterwards. shutdown() stops fetching and the executor,
// runs the shutdown hooks and closes the control link; it is idempotent and
// the destructor calls it. requestStop()/waitForStopRequest() connect the
// signal watcher and the admin socket to main().
class Agent {
public:
  Agent(AgentConfig cfg, std::unique_ptr<CoordinatorReplies> replies);
  ~Agent();

  bool start();
  void drain(std::chrono::seconds grace);
  void shutdown();
  void requestStop(StopKind kind);
  StopKind waitForStopRequest();
  AgentStats stats() const;

private:
  void executorLoop();
  void housekeepingLoop();
  AdminReply handleAdmin(const std::string &command);
  StopKind stopKind() const;
  void setCurrentJob(const std::string &id);
  std::string stateJson(const std::string &state) const;

  AgentConfig cfg_;
  std::unique_ptr<CoordinatorReplies> replies_;
  ShutdownRegistry hooks_;
  std::unique_ptr<CoordinatorLink> link_;
  std::unique_ptr<JobQueue> jobs_;
  std::unique_ptr<ReconnectingProducer> producer_;
  std::unique_ptr<StatusFile> status_;
  std::unique_ptr<LogStreamer> streamer_;
  std::unique_ptr<ArtifactUploader> uploader_;
  std::unique_ptr<CacheDirectory> cache_;
  std::unique_ptr<ProcessRunner> runner_;
  std::unique_ptr<LeaseKeeper> lease_;
  std::unique_ptr<JobExecutor> executor_;
  std::unique_ptr<JobFetcher> fetcher_;
  std::unique_ptr<MetricsReporter> reporter_;
  std::unique_ptr<AdminSocket> admin_;

  mutable std::mutex stopMutex_;
  std::condition_variable stopCv_;
  StopKind stopKind_ = StopKind::None;

  mutable std::mutex jobMutex_;
  std::string currentJob_;
  std::string interruptedJob_;
  std::atomic<std::uint64_t> jobsRun_{0};
  std::atomic<std::uint64_t> jobsFailed_{0};
  std::atomic<std::uint64_t> cacheBytes_{0};

  std::atomic<bool> started_{false};
  std::atomic<bool> shutDown_{false};
  std::thread executorThread_;
  std::thread housekeeping_;
};

} // namespace buildfarm
