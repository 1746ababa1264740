// Dewatering control for a sheet-pile cofferdam. Each wellpoint header has a
// serial line shared by the sump level gauge and the header's vacuum pump
// (both devices sit on one RS-485 drop), so the header keeps the same
// descriptor in its gauge record and in its pump record. The discharge line
// has a flow meter and a valve on separate descriptors: the valve gets its
// own dup() of the meter's line. Descriptors are released with
// std::exchange(fd, -1) so a repeated release is harmless. A standby pump
// on the same header is primed through a copy of the header's pump record.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>

struct SumpGauge {
  int fd = -1;
  std::string tag;
};

struct PumpChannel {
  int fd = -1;
  int pumpNo = 0;
};

class WellpointHeader {
public:
  explicit WellpointHeader(std::string tag) { gauge_.tag = std::move(tag); }
  ~WellpointHeader() { detach(); }

  bool attach(const char *dev, int pumpNo) {
    int fd = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
      return false;
    gauge_.fd = fd;
    pump_.fd = fd;
    pump_.pumpNo = pumpNo;
    return true;
  }

  double readLevelCm() {
    if (gauge_.fd < 0)
      return -1.0;
    char buf[32] = {};
    if (::write(gauge_.fd, "LVL?\r", 5) != 5) // OK: detach() resets gauge_.fd
      return -1.0;
    ssize_t n = ::read(gauge_.fd, buf, sizeof buf - 1);
    return n > 0 ? std::atof(buf) : -1.0;
  }

  PumpChannel pumpChannel() const { return pump_; }

  void detach() {
    if (pump_.fd >= 0) {
      char stop[16];
      int len = std::snprintf(stop, sizeof stop, "STOP %d\r", pump_.pumpNo);
      (void)::write(pump_.fd, stop, len);
      ::close(pump_.fd);
      pump_.fd = -1;
    }
    if (gauge_.fd >= 0) {
      ::close(gauge_.fd); // BUG: double-close
      gauge_.fd = -1;
    }
  }

private:
  SumpGauge gauge_;
  PumpChannel pump_;
};

class DischargeLine {
public:
  ~DischargeLine() { release(); }

  bool attach(const char *dev) {
    meterFd_ = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (meterFd_ < 0)
      return false;
    valveFd_ = ::fcntl(meterFd_, F_DUPFD_CLOEXEC, 0);
    return valveFd_ >= 0;
  }

  void throttle(int percent) {
    char cmd[16];
    int len = std::snprintf(cmd, sizeof cmd, "V%d\r", percent);
    if (valveFd_ >= 0)
      (void)::write(valveFd_, cmd, len);
  }

  void release() {
    int valve = std::exchange(valveFd_, -1);
    if (valve >= 0)
      ::close(valve);
    int meter = std::exchange(meterFd_, -1);
    if (meter >= 0)
      ::close(meter); // OK: the valve closed its own duplicate
  }

private:
  int meterFd_ = -1;
  int valveFd_ = -1;
};

int dewaterCycle(const char *headerDev, const char *dischargeDev) {
  WellpointHeader header("WP-3 north");
  DischargeLine discharge;
  if (!header.attach(headerDev, 3) || !discharge.attach(dischargeDev))
    return 1;
  double before = header.readLevelCm();
  discharge.throttle(before > 120.0 ? 100 : 60);
  PumpChannel standby = header.pumpChannel();
  header.detach();
  if (before > 150.0)
    (void)::write(standby.fd, "PRIME\r", 6); // BUG: use-after-close
  discharge.release();
  discharge.release(); // OK: descriptors already exchanged for -1
  double after = header.readLevelCm();
  std::printf("sump %.1f cm -> %s\n", before, after < 0 ? "offline" : "online");
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  return dewaterCycle(argv[1], argv[2]);
}
