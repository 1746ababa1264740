// Runs one job from workspace to uploaded artifacts.
#pragma once
#include "buildfarm/job.h"
#include "buildfarm/process_runner.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

namespace buildfarm {

class ArtifactUploader;
class LeaseKeeper;
class LogStreamer;
class UploadSession;
class Workspace;

// run(job) takes the lease, prepares the workspace, runs the build with its
// output going to the job log (which the log streamer ships live, or which
// is uploaded when it could not be streamed), uploads the report and the
// artifacts, cleans the workspace up and hands the lease back. cancelCurrent() asks the running build to stop. waitIdle()
// waits until no job is running.
class JobExecutor {
public:
  JobExecutor(std::string workRoot, ProcessRunner &runner, LeaseKeeper &lease,
              LogStreamer &streamer, ArtifactUploader &uploader);

  JobResult run(const JobSpec &job);
  void cancelCurrent();
  bool busy() const;
  bool waitIdle(std::chrono::seconds timeout);

private:
  RunResult runBuild(Workspace &ws, const JobSpec &job);
  void stage(const std::string &artifactId, const std::string &path,
             JobResult &result);
  void uploadInline(UploadSession &session, const std::string &path);
  void setBusy(bool busy);

  std::string workRoot_;
  ProcessRunner &runner_;
  LeaseKeeper &lease_;
  LogStreamer &streamer_;
  ArtifactUploader &uploader_;

  mutable std::mutex mutex_;
  std::condition_variable idle_;
  bool busy_ = false;
  std::atomic<bool> cancelled_{false};
};

} // namespace buildfarm
