// CI step runner: the output of each build step is captured into a per-step
// log file by pointing STDOUT_FILENO at the log with dup2() and restoring the
// terminal afterwards; a quiet step silences stderr the same way. After
// dup2(logFd, STDOUT_FILENO) the original logFd can be closed: descriptor 1
// keeps the log file open, but logFd itself is then a closed descriptor.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>

class StdoutCapture {
public:
  explicit StdoutCapture(const std::string &logPath);
  ~StdoutCapture() { restore(); }
  void note(const std::string &msg);
  void restore();
  bool active() const { return saved_ >= 0; }

private:
  int saved_ = -1;
  int logFd_ = -1;
};

StdoutCapture::StdoutCapture(const std::string &logPath) {
  logFd_ = open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (logFd_ < 0)
    return;
  std::fflush(stdout);
  saved_ = dup(STDOUT_FILENO);
  dup2(logFd_, STDOUT_FILENO);
  close(logFd_);
}

void StdoutCapture::note(const std::string &msg) {
  const std::string line = "[runner] " + msg + "\n";
  write(logFd_, line.data(), line.size()); // SAME: note
}

void StdoutCapture::restore() {
  if (saved_ < 0)
    return;
  std::fflush(stdout);
  dup2(saved_, STDOUT_FILENO);
  close(saved_); // OK: saved_ is reset below, so a second restore() returns early
  saved_ = -1;
}

static int runStep(const char *name) {
  std::printf("running %s\n", name);
  std::fflush(stdout);
  return 0;
}

static int runCapturedStep(const char *name, const std::string &logPath) {
  StdoutCapture capture(logPath);
  if (!capture.active())
    return -1;
  capture.note(std::string("step ") + name + " started"); // BUG: use-after-close #note
  int rc = runStep(name);
  const char done[] = "step finished\n";
  write(STDOUT_FILENO, done, sizeof done - 1); // OK: descriptor 1 is the dup2 copy of the log
  capture.restore();
  return rc;
} // OK: the destructor's restore() returns early, saved_ is -1

static int runQuietStep(const char *name) {
  int devnull = open("/dev/null", O_WRONLY);
  if (devnull < 0)
    return -1;
  int savedErr = dup(STDERR_FILENO);
  dup2(devnull, STDERR_FILENO);
  close(devnull);
  int rc = runStep(name);
  dup2(savedErr, STDERR_FILENO);
  close(savedErr);
  close(devnull); // BUG: double-close
  return rc;
}

int main() {
  int rc = runCapturedStep("compile", "/tmp/ci-step-compile.log");
  if (rc == 0)
    rc = runQuietStep("lint");
  const char summary[] = "pipeline done\n";
  write(STDOUT_FILENO, summary, sizeof summary - 1); // OK: restore() put the terminal back on 1
  return rc == 0 ? 0 : 1;
}
