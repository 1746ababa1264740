// Rowing regatta timing uplink. The finish tower streams 500 m split times
// to the results service over a TCP socket. The helpers below close the
// socket themselves when the service stops answering, so that a dead uplink
// is never written to again by the tower's timing loop.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace regatta {

struct Split {
  int lane = 0;
  int metres = 0;
  long millis = 0;
};

int sendSplit(int fd, const Split &s) {
  std::string line = "SPLIT " + std::to_string(s.lane) + " " + std::to_string(s.metres) +
                     " " + std::to_string(s.millis) + "\n";
  if (::send(fd, line.data(), line.size(), MSG_NOSIGNAL) < 0) {
    std::fprintf(stderr, "uplink lost: %s\n", std::strerror(errno));
    ::close(fd);
    return -1;
  }
  return 0;
}

[[noreturn]] void abandonUplink(int fd, const char *why) {
  ::close(fd);
  throw std::runtime_error(std::string("timing uplink abandoned: ") + why);
}

bool greet(int fd, const std::string &regattaName) {
  std::string hello = "HELLO " + regattaName + "\n";
  if (::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL) < 0) {
    ::close(fd);
    return false;
  }
  return true;
}

bool reportHeat(int fd, const std::vector<Split> &splits) {
  for (const Split &s : splits)
    if (sendSplit(fd, s) != 0)
      return false;
  const char end[] = "HEAT END\n";
  ::send(fd, end, sizeof end - 1, MSG_NOSIGNAL); // OK
  return ::close(fd) == 0; // OK
}

void reportPhotoFinish(int fd, const Split &first, const Split &second) {
  if (first.millis == second.millis)
    abandonUplink(fd, "dead heat needs manual review");
  const char tag[] = "PHOTO\n";
  ::send(fd, tag, sizeof tag - 1, MSG_NOSIGNAL); // OK
  sendSplit(fd, first);
}

void openSession(int fd, const std::string &regattaName, int heats) {
  if (!greet(fd, regattaName))
    return;
  std::string plan = "HEATS " + std::to_string(heats) + "\n";
  ::send(fd, plan.data(), plan.size(), MSG_NOSIGNAL); // OK
}

void reportFinish(int fd, const Split &last) {
  sendSplit(fd, last);
  const char done[] = "FINISH\n";
  ::send(fd, done, sizeof done - 1, MSG_NOSIGNAL); // BUG: use-after-close
  ::close(fd); // BUG: double-close
}

} // namespace regatta
