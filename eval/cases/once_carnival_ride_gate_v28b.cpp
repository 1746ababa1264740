// Travelling carnival ride gates. Every ride has a turnstile counter on a
// serial descriptor, and the fairground office keeps one audit descriptor
// (a pipe to the ticket reconciler) per night. The closing routines walk the
// rides, read the final turnstile counts, log them to the audit descriptor
// and close descriptors as the rides shut down.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

struct Ride {
  std::string name;
  int turnstileFd;
  bool lastRideOfNight;
  bool broken;
};

static int readCount(int fd) {
  char buf[16] = {0};
  ssize_t n = ::read(fd, buf, sizeof buf - 1);
  return n > 0 ? std::atoi(buf) : -1;
}

static void audit(int auditFd, const std::string &line) {
  if (::write(auditFd, line.data(), line.size()) < 0)
    std::perror("audit");
}

void closeRidesInOrder(std::vector<Ride> &rides, int auditFd) {
  for (std::size_t i = 0; i < rides.size(); ++i) {
    int riders = readCount(rides[i].turnstileFd);
    ::close(rides[i].turnstileFd); // OK
    audit(auditFd, rides[i].name + " " + std::to_string(riders) + "\n");
    if (i + 1 == rides.size())
      ::close(auditFd); // OK
  }
}

void closeUntilLastRide(std::vector<Ride> &rides, int auditFd) {
  for (Ride &r : rides) {
    int riders = readCount(r.turnstileFd);
    ::close(r.turnstileFd);
    audit(auditFd, r.name + " " + std::to_string(riders) + "\n"); // OK
    if (r.lastRideOfNight) {
      ::close(auditFd); // OK
      break;
    }
  }
}

void emergencyStop(std::vector<Ride> &rides, int auditFd) {
  for (Ride &r : rides) {
    std::string line = r.name + (r.broken ? " out of service\n" : " stopped\n");
    if (::write(auditFd, line.data(), line.size()) < 0) // BUG: use-after-close
      std::perror("audit");
    if (r.broken)
      ::close(auditFd); // BUG: double-close
    ::close(r.turnstileFd);
  }
}

void recountGates(const std::vector<Ride> &rides, const std::string &auditPath) {
  for (const Ride &r : rides) {
    std::FILE *log = std::fopen(auditPath.c_str(), "a");
    if (!log)
      continue;
    std::fprintf(log, "%s %d\n", r.name.c_str(), readCount(r.turnstileFd)); // OK
    std::fclose(log); // OK
  }
}
