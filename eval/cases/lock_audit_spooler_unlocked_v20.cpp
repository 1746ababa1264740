// Audit-event spooler: record() queues events under mu_, a worker thread
// started in start() takes batches and appends them to the audit FILE*, and
// stop() sets the stop flag and closes the file while holding mu_. Defect:
// the worker checks stopping_ outside the mutex and writes the batch after
// releasing it, so stop() can fclose() the file between the worker's check
// and its fwrite(). record() and writeMarker() check the flag under mu_.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

class AuditSpooler {
public:
  explicit AuditSpooler(const char *path);
  ~AuditSpooler();
  void start();
  void stop();
  void record(const std::string &event);
  void writeMarker(const std::string &marker);

private:
  void loop();
  FILE *fp_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pending_;
  std::atomic<bool> stopping_{false};
  bool closed_ = false;
  std::thread worker_;
};

AuditSpooler::AuditSpooler(const char *path) : fp_(std::fopen(path, "a")) {
  if (fp_)
    std::setvbuf(fp_, nullptr, _IOLBF, 0);
}

AuditSpooler::~AuditSpooler() { stop(); }

void AuditSpooler::start() {
  worker_ = std::thread([this] { loop(); });
}

void AuditSpooler::record(const std::string &event) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopping_)
    return;
  pending_.push_back(event);
  cv_.notify_one();
}

void AuditSpooler::writeMarker(const std::string &marker) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  std::fprintf(fp_, "--- %s ---\n", marker.c_str()); // OK: closed_ checked under the mutex stop() holds while closing
}

void AuditSpooler::loop() {
  while (!stopping_.load()) {
    std::deque<std::string> batch;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait_for(lk, std::chrono::milliseconds(20),
                   [this] { return !pending_.empty() || stopping_.load(); });
      batch.swap(pending_);
    }
    std::string out;
    for (const std::string &e : batch)
      out += e + "\n";
    if (!out.empty())
      std::fwrite(out.data(), 1, out.size(), fp_); // BUG: use-after-close #spoolrace
  }
}

void AuditSpooler::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    stopping_ = true;
    std::fclose(fp_); // SAME: spoolrace
    closed_ = true;
  }
  cv_.notify_all();
  if (worker_.joinable())
    worker_.join();
}

int main() {
  AuditSpooler spool("/tmp/audit-events.log");
  spool.start();
  spool.writeMarker("session start");
  for (int i = 0; i < 500; ++i)
    spool.record("user=42 action=download object=report-" + std::to_string(i));
  spool.stop();
  spool.writeMarker("session end"); // OK: writeMarker() returns once closed_ is set
  spool.record("user=42 action=logout"); // OK: record() drops events after stop
  return 0;
}
