// Geyser basin eruption monitor. Each geyser's ground-temperature probe is read
// over a serial line; the readings are batched through a telemetry mux to the
// ranger station. The monitor runs with SIGALRM-driven sampling, so close() can
// be interrupted: the descriptor is closed again only when the previous close
// failed with EINTR, and the mux is closed again only after its close() refused
// with EAGAIN (output still pending) and left the mux open. None of these
// objects is closed a second time after a successful close.
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace geyserbasin {

class TelemetryMux {
public:
  void push(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("telemetry mux closed");
    pending_.push_back(frame);
  }
  void flush() {
    if (closed_)
      throw std::runtime_error("telemetry mux closed");
    while (!pending_.empty())
      pending_.pop_front();
  }
  int close() {
    if (closed_)
      throw std::logic_error("telemetry mux closed twice");
    if (!pending_.empty())
      return -EAGAIN;
    closed_ = true;
    return 0;
  }

private:
  std::deque<std::string> pending_;
  bool closed_ = false;
};

static int closeRetrying(int fd) {
  int rc = ::close(fd);
  if (rc == -1 && errno == EINTR)
    rc = ::close(fd); // OK
  return rc;
}

static void closePort(int &fd) {
  if (fd < 0)
    return;
  while (::close(fd) == -1 && errno == EINTR) { // OK
  }
  fd = -1;
}

static bool readProbe(int fd, char *buf, std::size_t len, std::size_t &got) {
  for (;;) {
    ssize_t n = ::read(fd, buf, len);
    if (n >= 0) {
      got = static_cast<std::size_t>(n);
      return true;
    }
    if (errno != EINTR)
      return false;
  }
}

void sampleBasin(std::vector<int> &probeFds, TelemetryMux &mux) {
  char buf[128];
  for (int &fd : probeFds) {
    if (fd < 0)
      continue;
    std::size_t got = 0;
    if (!readProbe(fd, buf, sizeof buf, got)) {
      std::perror("probe read");
      closePort(fd);
      continue;
    }
    mux.push(std::string(buf, got));
  }
}

void endOfSurvey(std::vector<int> &probeFds, TelemetryMux &mux, int logFd) {
  sampleBasin(probeFds, mux);
  for (int &fd : probeFds) {
    if (fd >= 0)
      ::close(fd); // OK
    fd = -1;
  }
  if (mux.close() == -EAGAIN) {
    mux.flush(); // OK
    if (mux.close() != 0) // OK
      std::fputs("mux still busy after flush\n", stderr);
  }
  if (closeRetrying(logFd) != 0)
    std::perror("survey log close");
}

} // namespace geyserbasin
