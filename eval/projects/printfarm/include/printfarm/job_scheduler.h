// Print jobs wait in a BoundedQueue until a suitable printer is idle. The dispatcher thread
// takes them one at a time, claims a printer (PrinterSession::beginJob) and hands the job to
// the upload pool: the task copies the G-code into the printer's spool, uploads it to the
// printer's SD card (GcodeStreamer) and starts the print.
//
//  - submit() returns false once stopped; while paused the job is held.
//  - pause() closes the queue and joins the dispatcher; the jobs still queued are held.
//    resume() moves them into a fresh queue and restarts the dispatcher.
//  - promote() moves a queued job to the front of the queue.
//  - stop() is final and idempotent: closes the queue, joins the dispatcher and shuts the
//    upload pool down (the uploads in progress run to completion). The destructor calls it.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "printfarm/bounded_queue.h"
#include "printfarm/print_job.h"
#include "printfarm/worker_pool.h"

namespace printfarm {

class EventBus;
class SessionRegistry;

class JobScheduler {
public:
  JobScheduler(SessionRegistry &registry, EventBus &bus, std::size_t capacity,
               unsigned uploadThreads);
  ~JobScheduler();
  JobScheduler(const JobScheduler &) = delete;
  JobScheduler &operator=(const JobScheduler &) = delete;

  void start();
  void stop();
  bool submit(PrintJob job);
  void pause();
  void resume();
  bool promote(const std::string &jobId);

private:
  void dispatchLoop();

  SessionRegistry &registry_;
  EventBus &bus_;
  const std::size_t capacity_;
  WorkerPool pool_;

  std::mutex controlMu_;
  std::unique_ptr<BoundedQueue<PrintJob>> queue_;
  std::thread dispatcher_;
  std::vector<PrintJob> held_;     // controlMu_
  std::vector<PrintJob> returned_; // written by the dispatcher before it exits, read after join
  bool started_ = false;
  bool paused_ = false;
  bool stopped_ = false;
};

} // namespace printfarm
