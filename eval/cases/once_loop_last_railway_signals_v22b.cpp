// Station interlocking I/O: each signal head is driven over its own serial
// descriptor, aspect changes go to a shared event log FILE*, and the vital
// output relay is a separate descriptor that any fault handler may trip.
// Correct: releaseAll() closes each head's own descriptor once and the shared
// log only in the last iteration; trip() closes the relay once, guarded by
// tripped_; drainHeads() closes the report after the loop.
// Defect: routeTest() has the report's fclose inside the per-head loop, so
// with two or more heads the second iteration writes to the closed report and
// closes it again.
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

enum class Aspect : char { Red = 'R', Yellow = 'Y', Green = 'G', Dark = 'D' };

struct SignalHead {
  std::string id; // e.g. "S12"
  int fd = -1;
};

bool writeAspect(int fd, Aspect a) {
  char cmd[3] = {'A', static_cast<char>(a), '\n'};
  return ::write(fd, cmd, sizeof cmd) == static_cast<ssize_t>(sizeof cmd);
}

bool lampProved(int fd) {
  char reply = 0;
  return ::write(fd, "P\n", 2) == 2 && ::read(fd, &reply, 1) == 1 && reply == '1';
}

// Start of a possession: every head to red, descriptors handed back.
void releaseAll(std::vector<SignalHead> &heads, std::FILE *eventLog) {
  for (std::size_t i = 0; i < heads.size(); ++i) {
    writeAspect(heads[i].fd, Aspect::Red);
    std::fprintf(eventLog, "%s RED released\n", heads[i].id.c_str()); // OK: closed only after the last head
    ::close(heads[i].fd); // OK: each head's own descriptor, once
    heads[i].fd = -1;
    if (i + 1 == heads.size())
      std::fclose(eventLog); // OK: only in the last iteration
  }
}

void routeTest(std::vector<SignalHead> &heads, const std::string &reportPath) {
  std::FILE *report = std::fopen(reportPath.c_str(), "w");
  if (!report)
    return;
  for (SignalHead &h : heads) {
    for (Aspect a : {Aspect::Red, Aspect::Yellow, Aspect::Green, Aspect::Red}) {
      bool shown = writeAspect(h.fd, a) && lampProved(h.fd);
      std::fprintf(report, "%s %c %s\n", h.id.c_str(), static_cast<char>(a), shown ? "proved" : "FAILED"); // BUG: use-after-close
    }
    std::fclose(report); // BUG: double-close
  }
}

void drainHeads(const std::vector<SignalHead> &heads, const std::string &reportPath) {
  std::FILE *report = std::fopen(reportPath.c_str(), "w");
  if (!report)
    return;
  for (const SignalHead &h : heads)
    std::fprintf(report, "%s %s\n", h.id.c_str(), lampProved(h.fd) ? "lit" : "dark");
  std::fclose(report); // OK: after the loop
}

class VitalRelay {
public:
  explicit VitalRelay(int fd) : fd_(fd) {}
  ~VitalRelay() { trip(); }

  // Called from the watchdog, the track-circuit fault handler and shutdown.
  void trip() {
    std::lock_guard<std::mutex> lk(mu_);
    if (tripped_)
      return;
    tripped_ = true;
    ::write(fd_, "0\n", 2); // de-energize: all signals fall to red
    ::close(fd_); // OK: guarded by tripped_ under mu_
  }

  bool energize() {
    std::lock_guard<std::mutex> lk(mu_);
    if (tripped_)
      return false;
    return ::write(fd_, "1\n", 2) == 2; // OK: tripped_ checked under mu_
  }

private:
  std::mutex mu_;
  int fd_;
  bool tripped_ = false;
};

void nightlyRun(std::vector<SignalHead> &heads, int relayFd, std::FILE *eventLog) {
  VitalRelay relay(relayFd);
  relay.energize();
  drainHeads(heads, "/var/log/ixl/drain.txt");
  routeTest(heads, "/var/log/ixl/route-test.txt");
  relay.trip();
  releaseAll(heads, eventLog);
} // OK: ~VitalRelay calls trip(), which returns at once after the explicit trip
