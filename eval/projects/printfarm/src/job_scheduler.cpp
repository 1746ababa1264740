// JobScheduler: queue of print jobs, dispatcher thread, upload pool (see job_scheduler.h).
#include "printfarm/job_scheduler.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <utility>

#include "printfarm/event_bus.h"
#include "printfarm/gcode_streamer.h"
#include "printfarm/printer_session.h"
#include "printfarm/scope_exit.h"
#include "printfarm/session_registry.h"

namespace printfarm {
namespace {

std::string sdName(const PrintJob &job) {
  // 8.3 names are the safe choice on Marlin's SD support.
  std::string name;
  for (char c : job.id)
    if (std::isalnum(static_cast<unsigned char>(c)))
      name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (name.size() > 8)
    name = name.substr(name.size() - 8);
  return name + ".GCO";
}

bool moveToFront(std::vector<PrintJob> &jobs, const std::string &jobId) {
  auto it = std::find_if(jobs.begin(), jobs.end(), [&](const PrintJob &j) { return j.id == jobId; });
  if (it == jobs.end())
    return false;
  std::rotate(jobs.begin(), it, std::next(it));
  return true;
}

} // namespace

JobScheduler::JobScheduler(SessionRegistry &registry, EventBus &bus, std::size_t capacity,
                           unsigned uploadThreads)
    : registry_(registry), bus_(bus), capacity_(capacity), pool_("upload", uploadThreads),
      queue_(std::make_unique<BoundedQueue<PrintJob>>(capacity)) {}

JobScheduler::~JobScheduler() { stop(); }

void JobScheduler::start() {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (started_ || stopped_)
    return;
  started_ = true;
  dispatcher_ = std::thread(&JobScheduler::dispatchLoop, this);
}

bool JobScheduler::submit(PrintJob job) {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (stopped_)
    return false;
  if (paused_ || queue_->isClosed()) { // the dispatcher is being restarted: hold the job
    held_.push_back(std::move(job));
    return true;
  }
  return queue_->tryPush(std::move(job)); // OK: isClosed() checked under controlMu_, which every close of queue_ is made under
}

void JobScheduler::pause() {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (paused_ || stopped_ || !started_)
    return;
  paused_ = true;
  queue_->close();
  if (dispatcher_.joinable())
    dispatcher_.join();
  held_.insert(held_.end(), std::make_move_iterator(returned_.begin()), std::make_move_iterator(returned_.end()));
  returned_.clear();
  std::vector<PrintJob> rest = drainRemaining(*queue_); // OK: pop() after close() still hands out what is queued
  held_.insert(held_.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
}

void JobScheduler::resume() {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (!paused_ || stopped_)
    return;
  queue_ = std::make_unique<BoundedQueue<PrintJob>>(std::max(capacity_, held_.size()));
  pushAll(*queue_, held_.begin(), held_.end()); // OK: pushes into the fresh queue that replaced the closed one
  held_.clear();
  paused_ = false;
  dispatcher_ = std::thread(&JobScheduler::dispatchLoop, this);
}

bool JobScheduler::promote(const std::string &jobId) {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (stopped_)
    return false;
  if (paused_)
    return moveToFront(held_, jobId);
  // Stop the dispatcher so that the queue can be rebuilt with the job in front.
  queue_->close();
  if (dispatcher_.joinable())
    dispatcher_.join();
  std::vector<PrintJob> pending = std::move(returned_);
  returned_.clear();
  std::vector<PrintJob> rest = drainRemaining(*queue_); // OK: pop() after close() still hands out what is queued
  pending.insert(pending.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  const bool found = moveToFront(pending, jobId);
  pushAll(*queue_, pending.begin(), pending.end()); // BUG: use-after-close #requeue_closed
  if (started_)
    dispatcher_ = std::thread(&JobScheduler::dispatchLoop, this);
  return found;
}

void JobScheduler::stop() {
  std::lock_guard<std::mutex> lock(controlMu_);
  if (stopped_)
    return;
  stopped_ = true;
  queue_->close(); // OK: close() is idempotent, pause() may have closed this queue already
  if (dispatcher_.joinable())
    dispatcher_.join();
  // Get every spool complete on disk before the (possibly long) pool drain, in case
  // systemd runs out of patience and kills us.
  for (const std::shared_ptr<PrinterSession> &session : registry_.snapshot())
    session->closeSpool(); // SAME: spool_race
  pool_.shutdown();
}

void JobScheduler::dispatchLoop() {
  BoundedQueue<PrintJob> &queue = *queue_;
  while (std::optional<PrintJob> job = queue.pop()) {
    if (queue.isClosed()) { // pausing or stopping: hand the job back
      returned_.push_back(std::move(*job));
      return;
    }
    std::shared_ptr<PrinterSession> session;
    while (!(session = registry_.pickIdle(job->printer)) || !session->beginJob(*job)) {
      if (queue.isClosed()) {
        returned_.push_back(std::move(*job));
        return;
      }
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
    bus_.publish({"job-started", session->name(), "{\"job\":\"" + job->id + "\"}"});

    pool_.submit([this, session, job = std::move(*job)] {
      std::FILE *in = std::fopen(job.gcodePath.c_str(), "rb");
      if (!in) {
        session->abortJob("cannot open " + job.gcodePath);
        return;
      }
      ScopeExit closeInput([in] { std::fclose(in); });
      char buf[8192];
      std::size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, in)) > 0)
        session->appendJobData(std::string(buf, n)); // BUG: use-after-close #spool_race

      GcodeStreamer upload(*session, job.gcodePath, sdName(job));
      if (!upload.start() || !upload.streamAll()) {
        session->abortJob("upload failed");
        return;
      }
      session->sendGcode("M23 " + sdName(job));
      session->sendGcode("M24");
      bus_.publish({"job-progress", session->name(),
                    "{\"job\":\"" + job.id + "\",\"state\":\"printing\"}"});
    });
  }
}

} // namespace printfarm
