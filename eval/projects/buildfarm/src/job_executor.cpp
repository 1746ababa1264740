#include "buildfarm/job_executor.h"
#include "buildfarm/artifact_uploader.h"
#include "buildfarm/job_log.h"
#include "buildfarm/job_report.h"
#include "buildfarm/lease_keeper.h"
#include "buildfarm/log_streamer.h"
#include "buildfarm/scope_guard.h"
#include "buildfarm/upload_session.h"
#include "buildfarm/workspace.h"

#include <cstdio>
#include <fstream>
#include <sys/stat.h>
#include <utility>

namespace buildfarm {
namespace {

JobOutcome outcomeOf(const RunResult &run, bool cancelled, bool leaseLost) {
  if (leaseLost)
    return JobOutcome::LeaseLost;
  if (cancelled)
    return JobOutcome::Cancelled;
  if (run.timedOut)
    return JobOutcome::TimedOut;
  if (run.spawned && run.exitStatus == 0)
    return JobOutcome::Succeeded;
  return JobOutcome::Failed;
}

} // namespace

JobExecutor::JobExecutor(std::string workRoot, ProcessRunner &runner,
                         LeaseKeeper &lease, LogStreamer &streamer,
                         ArtifactUploader &uploader)
    : workRoot_(std::move(workRoot)), runner_(runner), lease_(lease),
      streamer_(streamer), uploader_(uploader) {}

void JobExecutor::setBusy(bool busy) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    busy_ = busy;
  }
  idle_.notify_all();
}

bool JobExecutor::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return busy_;
}

bool JobExecutor::waitIdle(std::chrono::seconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return !busy_; });
}

void JobExecutor::cancelCurrent() {
  cancelled_.store(true);
  runner_.cancel();
}

JobResult JobExecutor::run(const JobSpec &job) {
  setBusy(true);
  auto notBusy = finally([this] { setBusy(false); });
  cancelled_.store(false);

  JobResult result;
  result.jobId = job.id;
  const auto started = std::chrono::steady_clock::now();
  lease_.start(job.id);
  streamer_.publishMarker("start " + job.id);

  {
    Workspace ws(workRoot_, job.id);
    if (!ws.acquire()) {
      result.outcome = JobOutcome::Failed;
      result.error = "workspace busy: " + ws.path();
    } else {
      const RunResult run = runBuild(ws, job);
      result.exitStatus = run.exitStatus;
      result.outcome = outcomeOf(run, cancelled_.load(), lease_.lost());
      result.error = run.error;
      result.duration = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started);

      const std::string reportPath = ws.path() + "/report.json";
      if (JobReport(result).writeTo(reportPath))
        stage(job.id + "/report.json", reportPath, result);
      for (const std::string &artifact : job.artifacts)
        stage(job.id + "/" + artifact, ws.path() + "/" + artifact, result);

      if (lease_.lost()) {
        // The coordinator gave the job to another agent; its uploads win.
        for (const std::string &id : result.uploaded)
          uploader_.cancel(id);
      } else {
        for (const std::string &id : result.uploaded)
          uploader_.finish(id); // BUG: double-close #upload_two_owners
      }
      ws.release();
      if (!ws.cleanup())
        std::fprintf(stderr, "executor: could not clean %s\n", ws.path().c_str());
    }
  } // BUG: double-close #ws_lock

  if (result.outcome == JobOutcome::LeaseLost) {
    lease_.stop(); // the lease belongs to another agent now, nothing to hand back
  } else if (cancelled_.load()) {
    // A cancelled job stops renewing at once so the coordinator can
    // reschedule it without waiting for the next renewal.
    lease_.stop();
    lease_.release(result.outcome); // BUG: use-after-close #lease_release
  } else {
    lease_.release(result.outcome); // OK: the channel is still open, stop() follows
    lease_.stop();
  }
  streamer_.publishMarker("end " + job.id + " " + toString(result.outcome)); // OK: the producer is closed by a shutdown hook, after this thread is joined
  return result;
}

RunResult JobExecutor::runBuild(Workspace &ws, const JobSpec &job) {
  JobLog log(ws.path() + "/job.log");
  ScopedCloser<JobLog> closeLog(log);
  const bool streamed = streamer_.start(job.id, log.path());

  CommandSpec spec = job.command;
  if (spec.workdir.empty())
    spec.workdir = ws.path();
  const RunResult run = runner_.run(spec, [&log](StreamKind kind, const std::string &line) {
    log.append((kind == StreamKind::Stderr ? "E " : "O ") + line); // OK: the log is closed only after run() returns
  });
  if (!run.error.empty())
    log.append("# agent: " + run.error); // OK: still open here
  if (run.timedOut)
    log.append("# agent: killed after " + std::to_string(spec.timeout.count()) + "s"); // OK: still open here
  streamer_.stop();

  if (!streamed) {
    // Nobody saw this log live: upload it with the artifacts. Close it first
    // so that the upload reads a complete file.
    log.close();
    const std::string logId = job.id + "/job.log";
    std::shared_ptr<UploadSession> session = uploader_.open(logId);
    uploadInline(*session, log.path()); // OK: reads the file by name, not through the closed JobLog
    session->close();
  }
  return run;
} // BUG: double-close #joblog_guard

void JobExecutor::stage(const std::string &artifactId, const std::string &path,
                        JobResult &result) {
  std::shared_ptr<UploadSession> session = uploader_.open(artifactId);
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && st.st_size == 0) {
    session->close(); // nothing to send: commit the empty artifact right away
  } else if (!uploader_.uploadFile(artifactId, path)) {
    return;
  }
  result.uploaded.push_back(artifactId);
}

void JobExecutor::uploadInline(UploadSession &session, const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::string chunk(64 * 1024, '\0');
  while (in.read(&chunk[0], static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0)
    session.writeChunk(chunk.substr(0, static_cast<std::size_t>(in.gcount())));
}

} // namespace buildfarm
