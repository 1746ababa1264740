// Office print server. Rendering jobs run on the server's own RenderPool.
// RenderPool semantics: submit() throws std::runtime_error("render pool shut
// down") after shutdown(); shutdown() finishes queued jobs, joins the threads
// and is idempotent (a second call returns immediately).
// PrintServer::handleJam() shuts the pool down internally: a jammed printer
// takes the whole render stage offline until an operator restarts the server.
// Defects: after a jam the spooler requeues the interrupted job through
// requeue(), which submits to the pool that handleJam() shut down; the
// maintenance path calls handleJam() and then submits a test page.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace printsrv {

class RenderPool {
public:
  explicit RenderPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~RenderPool() { shutdown(); }

  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      throw std::runtime_error("render pool shut down");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopped_)
        return;
      stopped_ = true;
    }
    cv_.notify_all();
    for (auto &w : workers_)
      w.join();
    workers_.clear();
  }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return stopped_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  bool stopped_ = false;
};

struct PrintJob {
  int id;
  std::string owner;
  std::string document;
};

class PrintServer {
public:
  PrintServer() : pool_(2) {}

  void enqueue(const PrintJob &job) {
    pool_.submit([job] { render(job); }); // SAME: testpage_after_jam
  }

  void requeue(const PrintJob &job) {
    pool_.submit([job] { render(job); }); // SAME: requeue_after_jam
  }

  void handleJam(const std::string &printer) {
    jammedPrinter_ = printer;
    pool_.shutdown();
  }

  void stop() {
    pool_.shutdown(); // OK: shutdown() is idempotent, even after handleJam()
  }

  bool jammed() const { return !jammedPrinter_.empty(); }

private:
  static void render(const PrintJob &job) {
    // Rasterising the document is outside this file.
    (void)job;
  }

  RenderPool pool_;
  std::string jammedPrinter_;
};

} // namespace printsrv

void runSpooler(printsrv::PrintServer &server, const std::vector<printsrv::PrintJob> &jobs,
                bool printerReportsJam) {
  for (const auto &job : jobs)
    server.enqueue(job);
  if (printerReportsJam)
    server.handleJam("floor3-laser");
  if (!jobs.empty() && !server.jammed())
    server.requeue(jobs.front()); // OK: skipped once handleJam() shut the pool down
  server.stop();
}

// The printer reported a jam in the middle of a job: take the render stage
// down and put the interrupted job back in line for when it is cleared.
void recoverInterruptedJob(printsrv::PrintServer &server, const printsrv::PrintJob &job) {
  server.handleJam("floor3-laser");
  server.requeue(job); // BUG: use-after-close #requeue_after_jam
}

void maintenanceWindow() {
  printsrv::PrintServer server;
  server.enqueue({1, "facilities", "floorplan.pdf"});
  server.handleJam("floor2-inkjet");
  server.stop();
  server.enqueue({2, "facilities", "testpage.ps"}); // BUG: use-after-close #testpage_after_jam
}
