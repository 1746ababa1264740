// Ice-core processing line: the conductivity/dielectric profiler (ECM/DEP)
// samples each metre of core from a sensor head on a serial line (fd) in a
// worker thread and writes the raw profile to a trace file (FILE*); the
// operator's console annotates the trace (core breaks, meterage marks) from
// the UI thread. Negative case: stop() clears the loop flag and joins the
// worker before closing the sensor and the trace; annotate() and stop() take
// the same mutex, and annotate() returns once the trace is closed; a second
// stop() (from the destructor) finds closed_ set and closes nothing.
#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace coreline {

class DielectricProfiler {
public:
  DielectricProfiler(const std::string &dev, const std::string &tracePath)
      : sensorFd_(::open(dev.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC)),
        trace_(std::fopen(tracePath.c_str(), "wb")) {}
  ~DielectricProfiler() { stop(); }
  DielectricProfiler(const DielectricProfiler &) = delete;
  DielectricProfiler &operator=(const DielectricProfiler &) = delete;

  bool start() {
    if (sensorFd_ < 0 || !trace_)
      return false;
    running_.store(true);
    worker_ = std::thread(&DielectricProfiler::sampleLoop, this);
    return true;
  }

  void annotate(const std::string &note) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || !trace_)
      return;
    std::fprintf(trace_, "# %s\n", note.c_str()); // OK
  }

  void stop() {
    running_.store(false);
    if (worker_.joinable())
      worker_.join();
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    if (sensorFd_ >= 0)
      ::close(sensorFd_); // OK
    if (trace_)
      std::fclose(trace_);
    closed_ = true;
  }

private:
  void sampleLoop() {
    char frame[128];
    while (running_.load()) {
      pollfd pfd{sensorFd_, POLLIN, 0};
      if (::poll(&pfd, 1, 200) <= 0)
        continue;
      const ssize_t n = ::read(sensorFd_, frame, sizeof frame); // OK
      if (n <= 0)
        continue;
      std::lock_guard<std::mutex> lock(mu_);
      std::fwrite(frame, 1, static_cast<size_t>(n), trace_);
    }
  }

  std::mutex mu_;
  bool closed_ = false;
  std::atomic<bool> running_{false};
  std::thread worker_;
  int sensorFd_;
  FILE *trace_;
};

void profileSection(const std::string &dev, const std::string &trace, int metres) {
  DielectricProfiler profiler(dev, trace);
  if (!profiler.start())
    return;
  for (int m = 0; m < metres; ++m)
    profiler.annotate("meterage mark " + std::to_string(m));
  profiler.stop();
  profiler.annotate("section done");
}

} // namespace coreline
