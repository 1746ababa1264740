// Industrial bakery: a tunnel-oven sampler thread reads thermocouple values
// and writes them into a pipe; the zone controller reads the pipe, logs
// readings to a per-batch file, and answers the line HMI over a socketpair.
// stderr is temporarily redirected into the batch log with dup2() while the
// burner self-test prints its diagnostics.  This case is correct: every
// descriptor has exactly one owner, each close is followed by setting the
// variable to -1 or by the end of its use, the saved stderr is restored
// before it is closed, and the write end of the pipe is closed only by the
// sampler thread that owns it.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

static bool writeAll(int fd, const std::string &s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

static void samplerThread(int writeFd, std::vector<int> zoneTemps) {
  for (size_t zone = 0; zone < zoneTemps.size(); ++zone)
    writeAll(writeFd, std::to_string(zone) + " " + std::to_string(zoneTemps[zone]) + "\n");
  ::close(writeFd); // the thread owns the write end
}

static void burnerSelfTest(int logFd) {
  int savedErr = ::dup(STDERR_FILENO);
  if (savedErr < 0)
    return;
  std::fflush(stderr);
  if (::dup2(logFd, STDERR_FILENO) < 0) {
    ::close(savedErr);
    return;
  }
  std::fprintf(stderr, "burner 1 ignition 210 ms\nburner 2 ignition 198 ms\n");
  std::fflush(stderr);
  ::dup2(savedErr, STDERR_FILENO);
  ::close(savedErr);
  std::fprintf(stderr, "self-test written to batch log\n"); // OK: stderr was restored before savedErr was closed
}

class ZoneController {
public:
  explicit ZoneController(const std::string &batchLog)
      : logFd_(::open(batchLog.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {}
  ~ZoneController() { closeLog(); }
  ZoneController(const ZoneController &) = delete;
  ZoneController &operator=(const ZoneController &) = delete;

  int logFd() const { return logFd_; }

  void consume(int readFd, int hmiFd) {
    char buf[128];
    ssize_t n;
    while ((n = ::read(readFd, buf, sizeof buf)) > 0) {
      std::string chunk(buf, static_cast<size_t>(n));
      if (logFd_ >= 0)
        writeAll(logFd_, chunk); // OK: closeLog() sets logFd_ to -1
      writeAll(hmiFd, chunk);
    }
  }

  void closeLog() {
    if (logFd_ >= 0) {
      ::close(logFd_);
      logFd_ = -1;
    }
  }

private:
  int logFd_;
};

int main() {
  int pipeFds[2];
  if (::pipe(pipeFds) != 0)
    return 1;
  int hmi[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, hmi) != 0) {
    ::close(pipeFds[0]);
    ::close(pipeFds[1]);
    return 1;
  }

  ZoneController ctrl("/var/bakery/batch_5531.log");
  if (ctrl.logFd() >= 0)
    burnerSelfTest(ctrl.logFd());

  std::thread sampler(samplerThread, pipeFds[1], std::vector<int>{182, 221, 236, 228, 195});
  std::thread hmiPanel([fd = hmi[1]] {
    char buf[256];
    while (::read(fd, buf, sizeof buf) > 0) {
    }
    ::close(fd); // OK: the panel thread owns its end of the socketpair
  });

  ctrl.consume(pipeFds[0], hmi[0]);
  ::close(pipeFds[0]);
  sampler.join();
  ::shutdown(hmi[0], SHUT_WR);
  ::close(hmi[0]); // OK: the panel thread only ever touches hmi[1]
  hmiPanel.join();
  ctrl.closeLog();
  return 0;
} // OK: the destructor's closeLog() finds logFd_ == -1
