// CI runner: a build step's stdout pipe is copied into the job's BuildLog by
// a pump thread, and a heartbeat thread appends a status line every few
// seconds. BuildLog::append() checks fp_ under mu_, the mutex close() holds
// while it fcloses, so heartbeat lines after a close are dropped safely. The
// pump, for speed, grabs the raw FILE* once and fwrite()s without the lock.
// finish() joins the pump before closing the log (correct); cancel() closes
// the log first and joins afterwards, so the pump's fwrite races the fclose.
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace ci {

class BuildLog {
public:
  explicit BuildLog(const std::string &path) : fp_(std::fopen(path.c_str(), "w")) {}
  ~BuildLog() { close(); }

  void append(const std::string &line) {
    std::lock_guard<std::mutex> g(mu_);
    if (!fp_)
      return;
    std::fputs(line.c_str(), fp_); // OK: checked under the mutex close() holds
  }
  void close() {
    std::lock_guard<std::mutex> g(mu_);
    if (fp_) {
      std::fclose(fp_); // SAME: pumprace
      fp_ = nullptr;
    }
  }
  FILE *raw() const { return fp_; }

private:
  std::mutex mu_;
  FILE *fp_;
};

class StepRunner {
public:
  StepRunner(int stdoutFd, const std::string &logPath) : outFd_(stdoutFd), log_(logPath) {}

  void start(const std::string &stepName) {
    log_.append("== step " + stepName + " ==\n");
    pump_ = std::thread([this] {
      FILE *out = log_.raw();
      char buf[4096];
      ssize_t n;
      while ((n = ::read(outFd_, buf, sizeof buf)) > 0)
        std::fwrite(buf, 1, static_cast<size_t>(n), out); // BUG: use-after-close #pumprace
    });
    heartbeat_ = std::thread([this] {
      std::unique_lock<std::mutex> lk(hbMu_);
      int beats = 0;
      while (!stopping_) {
        if (hbCv_.wait_for(lk, std::chrono::seconds(5), [this] { return stopping_; }))
          break;
        log_.append("[runner] still running, beat " + std::to_string(++beats) + "\n"); // OK: append() takes the log mutex and checks fp_
      }
    });
  }

  // Normal end: the step exited, so its pipe reaches EOF and the pump stops.
  void finish(int exitCode) {
    pump_.join();
    stopHeartbeat();
    log_.append("== exit " + std::to_string(exitCode) + " ==\n"); // OK: the log is closed only below
    log_.close();
    ::close(outFd_);
  }

  // The user pressed "cancel" in the UI; the step's process is being killed.
  void cancel() {
    log_.append("== cancelled ==\n");
    log_.close();
    stopHeartbeat();
    pump_.join();
    ::close(outFd_);
  }

private:
  void stopHeartbeat() {
    {
      std::lock_guard<std::mutex> g(hbMu_);
      stopping_ = true;
    }
    hbCv_.notify_all();
    heartbeat_.join();
  }

  int outFd_;
  BuildLog log_;
  std::thread pump_, heartbeat_;
  std::mutex hbMu_;
  std::condition_variable hbCv_;
  bool stopping_ = false;
};

} // namespace ci

int main() {
  int p[2];
  if (::pipe(p) != 0)
    return 1;
  ci::StepRunner runner(p[0], "/tmp/job-8812-step3.log");
  runner.start("unit-tests");
  const char chunk[] = "[ RUN      ] ParserTest.Empty\n";
  for (int i = 0; i < 200; ++i)
    ::write(p[1], chunk, sizeof chunk - 1);
  ::close(p[1]); // the step was killed; its last output is still in the pipe
  runner.cancel();
  return 0;
}
