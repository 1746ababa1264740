// Retort logging in a fish cannery. Each retort cycle's temperature trace is
// written to a descriptor: the sterilisation log closes its descriptor in the
// cooling phase and leaves the loop right there; the per-basket loop opens
// and closes a fresh descriptor in every iteration; the shift journal is
// closed once after its loop. No descriptor is written or closed after its
// close.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

enum class Phase { ComeUp, Hold, Cooling };

struct TracePoint {
  Phase phase;
  int second;
  double coldSpotC;
};

static bool writeLine(int fd, const std::string &line) {
  return ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
}

void logSterilisation(int fd, const std::vector<TracePoint> &trace) {
  for (const TracePoint &p : trace) {
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%d %.2f\n", p.second, p.coldSpotC);
    if (p.phase == Phase::Cooling) {
      ::write(fd, "cooling\n", 8); // OK
      ::fsync(fd);
      ::close(fd);
      break;
    }
    ::write(fd, buf, static_cast<size_t>(n)); // OK
  }
}

int logBaskets(const std::string &dir, const std::vector<std::vector<TracePoint>> &baskets) {
  int written = 0;
  for (std::size_t b = 0; b < baskets.size(); ++b) {
    std::string path = dir + "/basket-" + std::to_string(b) + ".trace";
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
      continue;
    for (const TracePoint &p : baskets[b])
      if (writeLine(fd, std::to_string(p.second) + " " + std::to_string(p.coldSpotC) + "\n")) // OK
        ++written;
    ::close(fd); // OK
  }
  return written;
}

void shiftJournal(const std::string &path, const std::vector<std::string> &retorts) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  for (const std::string &r : retorts)
    writeLine(fd, "retort " + r + " cycle complete\n"); // OK
  ::fsync(fd);
  ::close(fd); // OK
}

void drainPendingTraces(std::vector<int> &fds) {
  for (int &fd : fds) {
    if (fd < 0)
      continue;
    writeLine(fd, "end of trace\n");
    ::close(fd);
    fd = -1;
  }
  for (int fd : fds)
    if (fd >= 0)
      ::close(fd); // OK
}
