// Blood bank dispatch: when a hospital orders units, the dispatch service
// sends a courier manifest (unit numbers, blood group, expiry) to the
// courier's handheld over a socket. The helpers below close the socket when a
// write fails and report it: sendManifest() returns -1, sendChainOfCustody()
// ends the process through fatal(). dispatchOrder() checks the result;
// dispatchStatUnits() does not and keeps writing on the socket the helper
// already closed.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

struct BloodUnit {
  std::string din;
  std::string group;
  std::string expiry;
};

[[noreturn]] void fatal(const char *what) {
  std::fprintf(stderr, "dispatch: %s: %s\n", what, std::strerror(errno));
  std::exit(2);
}

static bool writeAll(int fd, const std::string &s) {
  const char *p = s.data();
  size_t left = s.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

int sendManifest(int fd, const std::vector<BloodUnit> &units) {
  for (const BloodUnit &u : units) {
    if (!writeAll(fd, u.din + "," + u.group + "," + u.expiry + "\n")) {
      ::close(fd);
      return -1;
    }
  }
  return 0;
}

void sendChainOfCustody(int fd, const std::string &courier) {
  if (!writeAll(fd, "CUSTODY " + courier + "\n")) {
    ::close(fd);
    fatal("chain of custody not recorded");
  }
}

int dispatchOrder(int fd, const std::string &hospital,
                  const std::vector<BloodUnit> &units) {
  if (sendManifest(fd, units) != 0) {
    std::fprintf(stderr, "manifest for %s not delivered\n", hospital.c_str());
    return -1;
  }
  writeAll(fd, "END " + hospital + "\n"); // OK
  ::close(fd); // OK
  return 0;
}

void dispatchStatUnits(int fd, const std::string &hospital,
                       const std::vector<BloodUnit> &units) {
  sendManifest(fd, units);
  const std::string trailer = "STAT " + hospital + " " +
                              std::to_string(units.size()) + " units\n";
  ::write(fd, trailer.data(), trailer.size()); // BUG: use-after-close
  ::close(fd); // BUG: double-close
}

void dispatchWithCustody(int fd, const std::string &courier,
                         const std::vector<BloodUnit> &units) {
  sendChainOfCustody(fd, courier);
  if (sendManifest(fd, units) < 0)
    return;
  if (::write(fd, "END\n", 4) != 4) // OK
    std::fprintf(stderr, "end marker: %s\n", std::strerror(errno));
  ::close(fd); // OK
}
