// Potash recovery from bittern at a salt works: bittern is pumped to the
// carnallite ponds through a valve link (fd), density probes are adopted
// after a handshake, and sylvite is floated in concentrator cells. The
// helpers close the fd they were given only on their failure paths and then
// return an empty optional, a {ok, err} result, throw, or call a
// [[noreturn]] abort.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <utility>

class DensityProbe {
public:
  explicit DensityProbe(int fd) : fd_(fd) {}
  DensityProbe(DensityProbe &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  DensityProbe(const DensityProbe &) = delete;
  ~DensityProbe() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  double read() {
    char buf[16] = {};
    ::write(fd_, "D?\n", 3);
    return ::read(fd_, buf, sizeof buf - 1) > 0 ? std::strtod(buf, nullptr) : 0.0;
  }

private:
  int fd_;
};

static bool handshake(int fd) {
  char id[16] = {};
  return ::write(fd, "ID?\n", 4) == 4 && ::read(fd, id, sizeof id - 1) > 0;
}

std::optional<DensityProbe> adoptProbe(int fd) {
  if (!handshake(fd)) {
    ::close(fd);
    return std::nullopt;
  }
  return DensityProbe(fd);
}

struct TransferResult {
  bool ok;
  int err;
};

TransferResult transferBittern(int valveFd, double m3) {
  if (dprintf(valveFd, "OPEN %.1f\n", m3) < 0) {
    int e = errno;
    ::close(valveFd);
    return {false, e};
  }
  return {true, 0};
}

void startFlotation(int cellFd) {
  if (dprintf(cellFd, "START\n") < 0) {
    int e = errno;
    ::close(cellFd);
    throw std::system_error(e, std::generic_category(), "flotation cell");
  }
}

[[noreturn]] void abortHarvest(int fd, const char *why) {
  ::close(fd);
  throw std::runtime_error(why);
}

double sampleCarnallitePond(int fd) {
  auto probe = adoptProbe(fd);
  if (!probe) {
    ::write(fd, "RESET\n", 6); // BUG: use-after-close
    return -1.0;
  }
  return probe->read(); // OK
}

bool fillPond(int valveFd, double m3) {
  TransferResult r = transferBittern(valveFd, m3);
  if (!r.ok) {
    std::fprintf(stderr, "bittern transfer: %s\n", std::strerror(r.err));
    return false;
  }
  ::write(valveFd, "CLOSE\n", 6); // OK
  return true;
}

bool topUpPond(int valveFd, double m3) {
  TransferResult r = transferBittern(valveFd, m3);
  if (!r.ok && r.err != EAGAIN)
    return false;
  ::write(valveFd, "CLOSE\n", 6); // BUG: use-after-close
  return r.ok;
}

void flotationShift(int cellFd, int frothers) {
  try {
    startFlotation(cellFd);
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "flotation start failed: %s\n", e.what());
  }
  dprintf(cellFd, "FROTH %d\n", frothers); // BUG: use-after-close
}

void harvestSylvite(int cellFd, double gradePct) {
  if (gradePct < 60.0)
    abortHarvest(cellFd, "sylvite grade below contract");
  dprintf(cellFd, "SKIM %.1f\n", gradePct); // OK
  ::close(cellFd);
}
