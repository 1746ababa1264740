// Probe drilling and overcut control ahead of a tunnel boring machine's face
// (negative case). Every helper closes the fd it was handed only on its
// failure path and reports that through an error_code, a false return with
// a message, an empty optional, an exception or a [[noreturn]] stop; every
// caller stops using the fd on exactly those paths, so each use and each
// second close below runs only when the helper did not close.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>

int openRingBuildPort(const char *dev, std::error_code &ec) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    ec.assign(errno, std::generic_category());
    return -1;
  }
  if (::write(fd, "MODE RING\n", 10) != 10) {
    ec.assign(errno, std::generic_category());
    ::close(fd);
    return -1;
  }
  ec.clear();
  return fd;
}

bool sendOvercut(int fd, double mm, std::string &err) {
  if (mm < 0.0 || mm > 50.0 || dprintf(fd, "OVERCUT %.1f\n", mm) < 0) {
    err = "overcut rejected: " + std::to_string(mm) + " mm";
    ::close(fd);
    return false;
  }
  return true;
}

class ProbeDrillSession {
public:
  static std::optional<ProbeDrillSession> start(int fd, int holes) {
    ProbeDrillSession s(fd);
    if (dprintf(s.fd_, "PLAN %d\n", holes) < 0)
      return std::nullopt;
    return s;
  }
  ProbeDrillSession(ProbeDrillSession &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  ProbeDrillSession(const ProbeDrillSession &) = delete;
  ~ProbeDrillSession() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }
  void drill(int hole, double metres) { dprintf(fd_, "DRILL %d %.1f\n", hole, metres); }

private:
  explicit ProbeDrillSession(int fd) : fd_(fd) {}
  int fd_;
};

[[noreturn]] void emergencyStop(int fd, const char *why) {
  ::write(fd, "ESTOP\n", 6);
  ::close(fd);
  std::fprintf(stderr, "emergency stop: %s\n", why);
  std::abort();
}

void checkGroundWater(int fd, double litresPerMin) {
  if (litresPerMin > 300.0) {
    ::close(fd);
    throw std::runtime_error("probe hole inflow too high");
  }
}

bool ringBuildOvercut(const char *dev, double mm) {
  std::error_code ec;
  int fd = openRingBuildPort(dev, ec);
  if (ec) {
    std::fprintf(stderr, "%s: %s\n", dev, ec.message().c_str());
    return false;
  }
  std::string err;
  if (!sendOvercut(fd, mm, err)) {
    std::fprintf(stderr, "%s\n", err.c_str());
    fd = -1;
  }
  if (fd >= 0)
    ::write(fd, "CONFIRM\n", 8); // OK
  if (fd >= 0)
    ::close(fd); // OK
  return fd >= 0;
}

void probeAhead(int fd, int holes, double inflow, double torque) {
  if (torque > 900.0)
    emergencyStop(fd, "probe drill torque limit");
  try {
    checkGroundWater(fd, inflow);
    ::write(fd, "ADVANCE\n", 8); // OK
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "probe: %s\n", e.what());
    return;
  }
  auto session = ProbeDrillSession::start(fd, holes);
  if (!session)
    return;
  for (int h = 1; h <= holes; ++h)
    session->drill(h, 30.0); // OK
}
