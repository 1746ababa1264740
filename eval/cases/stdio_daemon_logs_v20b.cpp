// Daemon logging: at startup stdout is redirected into the daemon's output
// file with freopen(); the access log is a FILE* of its own that is rotated
// with freopen() on that same FILE*. freopen() first closes the original
// stream; if the new open then fails it returns NULL and the original stream
// stays closed. On shutdown stdout is closed so logrotate can remove the file.
#include <cstdio>
#include <string>
#include <unistd.h>

class AccessLog {
public:
  explicit AccessLog(const std::string &path);
  ~AccessLog();
  void record(const std::string &line);
  bool rotate(const std::string &newPath);

private:
  FILE *fp_ = nullptr;
};

AccessLog::AccessLog(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}

AccessLog::~AccessLog() {
  if (fp_)
    std::fclose(fp_); // OK: after a successful freopen fp_ is the same reopened stream
}

void AccessLog::record(const std::string &line) {
  if (fp_)
    std::fprintf(fp_, "%s\n", line.c_str());
}

bool AccessLog::rotate(const std::string &newPath) {
  if (!fp_)
    return false;
  std::fflush(fp_);
  FILE *reopened = std::freopen(newPath.c_str(), "a", fp_);
  if (!reopened) {
    // Leave a note in the current file, then stop access logging until restart.
    std::fprintf(fp_, "# rotation to %s failed\n", newPath.c_str()); // BUG: use-after-close
    fp_ = nullptr;
    return false;
  }
  fp_ = reopened;
  std::fprintf(fp_, "# access log reopened\n"); // OK: freopen succeeded, the stream is open
  return true;
}

static bool redirectStdout(const std::string &path) {
  if (!std::freopen(path.c_str(), "a", stdout)) {
    std::fprintf(stderr, "cannot redirect stdout to %s\n", path.c_str()); // OK: stderr was not reopened
    return false;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::printf("daemon started, pid %d\n", static_cast<int>(getpid())); // OK: freopen succeeded
  return true;
}

static void shutdownDaemon(AccessLog &access) {
  access.record("shutdown requested");
  std::fflush(stdout);
  std::fclose(stdout);
  access.record("stdout detached"); // OK: the access log is a different stream
  std::printf("daemon stopped\n"); // BUG: use-after-close
}

int main(int argc, char **argv) {
  const std::string dir = argc > 1 ? argv[1] : "/var/log/edge-daemon";
  if (!redirectStdout(dir + "/daemon.out"))
    return 1;
  AccessLog access(dir + "/access.log");
  access.record("GET /index.html 200 512");
  if (!access.rotate(dir + "/archive/access.log.1"))
    std::fprintf(stderr, "access log rotation failed\n");
  access.record("GET /health 200 2"); // OK: record() skips a dropped log
  shutdownDaemon(access);
  return 0;
}
