// A marimba workshop seasons Honduras rosewood bar blanks in a drying chamber
// with a humidity probe link, a fan controller and a batch log. The nightly
// shutdown is a list of steps run in order. Bug: the winter sequence closes
// the probe link in step 2 and reads the final humidity in step 4. The summer
// sequence takes the final reading before the probe is closed, and its fan
// step runs after the log was reopened for the next batch.
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class ProbeLink {
 public:
  explicit ProbeLink(int fd) : fd_(fd) {}
  double read_rh() {
    if (fd_ < 0) throw std::runtime_error("humidity probe link closed");
    char buf[8] = {0};
    if (::read(fd_, buf, sizeof buf - 1) <= 0) throw std::runtime_error("probe read failed");
    return std::atof(buf);
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class BatchLog {
 public:
  bool open(const std::string& path) {
    fp_ = std::fopen(path.c_str(), "a");
    return fp_ != nullptr;
  }
  void note(const std::string& line) {
    if (!fp_) throw std::runtime_error("batch log closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  bool is_open() const { return fp_ != nullptr; }
  void close() {
    if (fp_) std::fclose(fp_);
    fp_ = nullptr;
  }

 private:
  FILE* fp_ = nullptr;
};

struct Fans {
  int fd;
  void set(int pct) {
    char cmd[16];
    int n = std::snprintf(cmd, sizeof cmd, "FAN %d\n", pct);
    ::write(fd, cmd, static_cast<size_t>(n));
  }
};

using Steps = std::vector<std::pair<std::string, std::function<void()>>>;

static void run_steps(const Steps& steps) {
  for (const auto& [name, step] : steps) {
    try {
      step();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "step %s failed: %s\n", name.c_str(), e.what());
    }
  }
}

void winter_shutdown(ProbeLink& probe, Fans& fans, BatchLog& log) {
  Steps steps;
  steps.emplace_back("fans-low", [&] { fans.set(10); });
  steps.emplace_back("probe-off", [&] { probe.close(); });
  steps.emplace_back("log-marker", [&] { log.note("winter shutdown"); });  // OK: log still open
  steps.emplace_back("final-rh", [&] { log.note("final rh " + std::to_string(probe.read_rh())); });  // BUG: use-after-close
  steps.emplace_back("log-close", [&] { log.close(); });
  run_steps(steps);
}

void summer_shutdown(ProbeLink& probe, Fans& fans, BatchLog& log, const std::string& next_batch) {
  Steps steps;
  steps.emplace_back("final-rh", [&] { log.note("final rh " + std::to_string(probe.read_rh())); });  // OK: probe closed in a later step
  steps.emplace_back("probe-off", [&] { probe.close(); });
  steps.emplace_back("log-rotate", [&] {
    log.close();
    log.open(next_batch);
  });
  steps.emplace_back("fans-off", [&] {
    fans.set(0);
    if (log.is_open()) log.note("fans off");  // OK: reopened by the rotate step, and checked
  });
  steps.emplace_back("probe-off-again", [&] { probe.close(); });  // OK: ProbeLink::close() returns when already closed
  run_steps(steps);
}
