// Wind-system diagnostics for a pipe organ: cipher detection (a pipe that keeps sounding)
// and tremulant depth measurement. WindtrunkProbe owns the descriptor of a pressure probe
// and closes it in its destructor. quickCipherCheck() takes the descriptor from a
// temporary probe, which is destroyed, closing the descriptor, at the end of that
// statement, and then reads from it; cipherCheck() keeps a named probe alive. A
// TremulantGuard switches the tremulant on and writes the off command in its destructor:
// measureBeat() lets the probe die with the inner block and then resets the guard,
// whose destructor writes to the closed descriptor; measureBeatInScope() resets the
// guard while the probe is still alive.
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

class WindtrunkProbe {
public:
  explicit WindtrunkProbe(const char *device) : fd_(::open(device, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::system_error(errno, std::generic_category(), device);
  }
  ~WindtrunkProbe() { ::close(fd_); }
  WindtrunkProbe(const WindtrunkProbe &) = delete;
  WindtrunkProbe &operator=(const WindtrunkProbe &) = delete;

  int fd() const { return fd_; }

private:
  int fd_;
};

static double parseMm(const char *buf, ssize_t n) {
  return n > 0 ? std::strtod(buf, nullptr) : -1.0;
}

static double samplePressure(int fd) {
  char buf[32] = {};
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  return parseMm(buf, n);
}

class TremulantGuard {
public:
  explicit TremulantGuard(int fd) : fd_(fd) { ::write(fd_, "T1\r", 3); }
  ~TremulantGuard() { ::write(fd_, "T0\r", 3); } // SAME: trem-off
  TremulantGuard(const TremulantGuard &) = delete;
  TremulantGuard &operator=(const TremulantGuard &) = delete;

private:
  int fd_;
};

constexpr const char *kTrunkProbe = "/dev/ttyWIND0";

bool quickCipherCheck(double restingMm) {
  const int fd = WindtrunkProbe(kTrunkProbe).fd();
  char buf[32] = {};
  const ssize_t n = ::read(fd, buf, sizeof buf - 1); // BUG: use-after-close
  return parseMm(buf, n) > restingMm * 1.05;
}

bool cipherCheck(double restingMm) {
  WindtrunkProbe probe(kTrunkProbe);
  const int fd = probe.fd();
  return samplePressure(fd) > restingMm * 1.05; // OK
}

double measureBeat() {
  std::optional<TremulantGuard> trem;
  double low = 1e9, high = -1e9;
  {
    WindtrunkProbe probe(kTrunkProbe);
    trem.emplace(probe.fd());
    for (int i = 0; i < 64; ++i) {
      const double mm = samplePressure(probe.fd());
      low = mm < low ? mm : low;
      high = mm > high ? mm : high;
    }
  }
  trem.reset(); // BUG: use-after-close #trem-off
  return high - low;
}

double measureBeatInScope() {
  WindtrunkProbe probe(kTrunkProbe);
  std::optional<TremulantGuard> trem;
  trem.emplace(probe.fd());
  double low = 1e9, high = -1e9;
  for (int i = 0; i < 64; ++i) {
    const double mm = samplePressure(probe.fd());
    low = mm < low ? mm : low;
    high = mm > high ? mm : high;
  }
  trem.reset(); // OK
  return high - low;
}
