// Vaccine cold chain: a pharmacy fridge monitor samples the fridge probe,
// records temperature excursions in an ExcursionLog (a FILE* behind a mutex),
// and streams samples to an uploader thread that writes them into a pipe read
// by the clinic's reporting daemon.
// Negative case: stop() closes the excursion log while the sampler may still
// be appending, but append() and close() take the same mutex and append()
// checks the log's own fp_ (a no-op once closed); the uploader is joined
// before the pipe descriptor is closed; the second close() in the destructor
// is harmless because close() is idempotent.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

// append() is a no-op once the log is closed; close() is idempotent.
class ExcursionLog {
public:
  explicit ExcursionLog(const char *path) : fp_(std::fopen(path, "a")) {}
  ~ExcursionLog() { close(); }

  void append(const std::string &line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_)
      return;
    std::fputs(line.c_str(), fp_); // OK: fp_ checked under mu_, close() nulls it under mu_
    std::fflush(fp_); // OK
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::mutex mu_;
  std::FILE *fp_;
};

class FridgeMonitor {
public:
  FridgeMonitor(const char *logPath, int pipeFd) : log_(logPath), pipeFd_(pipeFd) {}
  ~FridgeMonitor() { log_.close(); } // OK: idempotent, stop() already closed it

  void start() {
    sampler_ = std::thread([this] { sampleLoop(); });
    uploader_ = std::thread([this] { uploadLoop(); });
  }

  void stop() {
    // Seal the excursion record at the moment monitoring stops.
    log_.close();
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    sampler_.join();
    uploader_.join();
    ::close(pipeFd_); // OK: the uploader that writes to it has been joined
  }

private:
  static double readProbe() { return 5.2; }

  void sampleLoop() {
    for (;;) {
      double t = readProbe();
      if (t < 2.0 || t > 8.0)
        log_.append("excursion " + std::to_string(t) + "\n"); // OK: append() is a no-op after close()
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_)
          return;
        samples_.push_back(t);
      }
      cv_.notify_one();
      std::this_thread::sleep_for(std::chrono::seconds(10));
    }
  }

  void uploadLoop() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return stopping_ || !samples_.empty(); });
      while (!samples_.empty()) {
        std::string line = std::to_string(samples_.front()) + "\n";
        samples_.pop_front();
        ::write(pipeFd_, line.data(), line.size()); // OK: stop() joins this thread before close()
      }
      if (stopping_)
        return;
    }
  }

  ExcursionLog log_;
  int pipeFd_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<double> samples_;
  bool stopping_ = false;
  std::thread sampler_, uploader_;
};

int runFridge() {
  int fds[2];
  if (::pipe(fds) != 0)
    return 1;
  {
    FridgeMonitor monitor("/var/lib/coldchain/fridge2.log", fds[1]);
    monitor.start();
    std::this_thread::sleep_for(std::chrono::minutes(1));
    monitor.stop();
  }
  ::close(fds[0]);
  return 0;
}
