// Humidity control for a luthier's workshop, where tonewood and instruments
// in glue-up must stay at 45% RH. A WorkshopMonitor reads the hygrometer
// device, logs readings to a descriptor, and drives the humidifier relay.
// Negative case: the relay member that writes a final line in its destructor
// is declared after the log descriptor it writes to, so it is destroyed
// first; descriptors handed elsewhere are release()d from their owner; a
// moved-from UniqueFd holds -1 and closes nothing.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(o.release());
    return *this;
  }
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // OK
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

class HumidifierRelay {
public:
  HumidifierRelay(const UniqueFd &log, int gpioFd) : log_(log), gpio_(gpioFd) {}
  ~HumidifierRelay() {
    if (gpio_)
      ::write(gpio_.get(), "0", 1);
    if (log_)
      ::write(log_.get(), "relay off\n", 10); // OK
  }
  void set(bool on) {
    if (gpio_)
      ::write(gpio_.get(), on ? "1" : "0", 1);
  }

private:
  const UniqueFd &log_;
  UniqueFd gpio_;
};

class WorkshopMonitor {
public:
  WorkshopMonitor(const char *hygrometer, const char *logPath, const char *gpio)
      : sensor_(::open(hygrometer, O_RDONLY | O_CLOEXEC)),
        log_(::open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)),
        relay_(log_, ::open(gpio, O_WRONLY | O_CLOEXEC)) {}

  bool tick(double targetRh) {
    if (!sensor_)
      return false;
    char buf[16] = {};
    if (::pread(sensor_.get(), buf, sizeof buf - 1, 0) <= 0)
      return false;
    double rh = std::atof(buf);
    relay_.set(rh < targetRh - 2.0);
    char line[48];
    int n = std::snprintf(line, sizeof line, "rh=%.1f\n", rh);
    if (log_)
      ::write(log_.get(), line, static_cast<size_t>(n));
    return true;
  }

  UniqueFd detachSensor() { return std::move(sensor_); }

private:
  UniqueFd sensor_;
  UniqueFd log_;
  HumidifierRelay relay_;
};

int calibrate(WorkshopMonitor &monitor, const char *reportPath) {
  UniqueFd sensor = monitor.detachSensor();
  if (!sensor)
    return -1;
  std::unique_ptr<FILE, int (*)(FILE *)> report(std::fopen(reportPath, "w"), &std::fclose);
  if (!report)
    return -2;
  char buf[16] = {};
  for (int i = 0; i < 5; ++i) {
    if (::pread(sensor.get(), buf, sizeof buf - 1, 0) > 0) // OK
      std::fprintf(report.get(), "sample %d: %s\n", i, buf);
  }
  FILE *f = report.release();
  std::fflush(f);
  return std::fclose(f) == 0 ? 0 : -3; // OK
}

void glueUpShift(const char *hygro, const char *log, const char *gpio, const char *report) {
  WorkshopMonitor monitor(hygro, log, gpio);
  for (int i = 0; i < 60; ++i)
    monitor.tick(45.0);
  calibrate(monitor, report);
  monitor.tick(45.0); // OK
}
