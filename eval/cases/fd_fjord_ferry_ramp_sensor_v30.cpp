// Fjord ferry linkspan: a serial inclinometer on the loading ramp is read by
// a background thread that keeps the latest ramp angle for the bridge
// display; a separate logger thread copies alarms to the ramp log file. Both
// monitors are started when the ferry docks and stopped when it casts off.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <mutex>
#include <string>
#include <termios.h>
#include <thread>
#include <unistd.h>
#include <vector>

static int openInclinometer(const char *dev) {
  int fd = ::open(dev, O_RDONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    return -1;
  }
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 5;
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) {
    ::close(fd);
    return -1;
  }
  ::tcflush(fd, TCIFLUSH); // OK
  return fd;
}

class RampAngleMonitor {
public:
  bool start(const char *dev) {
    serial_ = openInclinometer(dev);
    if (serial_ < 0)
      return false;
    running_ = true;
    reader_ = std::thread([this] { readLoop(); });
    return true;
  }

  void stop() {
    running_ = false;
    ::close(serial_); // SAME: ramp-reader
    serial_ = -1;
    if (reader_.joinable())
      reader_.join();
  }

  double latestDegrees() const {
    std::lock_guard<std::mutex> lock(mu_);
    return degrees_;
  }

private:
  void readLoop() {
    char buf[64];
    int fd = serial_;
    while (running_) {
      ssize_t n = ::read(fd, buf, sizeof buf - 1); // BUG: use-after-close #ramp-reader
      if (n <= 0)
        continue;
      buf[n] = '\0';
      std::lock_guard<std::mutex> lock(mu_);
      degrees_ = std::strtod(buf, nullptr);
    }
  }

  int serial_ = -1;
  std::atomic<bool> running_{false};
  std::thread reader_;
  mutable std::mutex mu_;
  double degrees_ = 0.0;
};

class RampAlarmLog {
public:
  bool start(const char *path) {
    fd_ = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0)
      return false;
    running_ = true;
    writer_ = std::thread([this] { writeLoop(); });
    return true;
  }

  void raise(const std::string &alarm) {
    std::lock_guard<std::mutex> lock(mu_);
    pending_.push_back(alarm + "\n");
  }

  void stop() {
    running_ = false;
    if (writer_.joinable())
      writer_.join();
    drain();
    ::close(fd_); // OK
    fd_ = -1;
  }

private:
  void drain() {
    std::vector<std::string> batch;
    {
      std::lock_guard<std::mutex> lock(mu_);
      batch.swap(pending_);
    }
    for (const std::string &line : batch)
      ::write(fd_, line.data(), line.size()); // OK
  }

  void writeLoop() {
    while (running_) {
      drain();
      ::usleep(200 * 1000);
    }
  }

  int fd_ = -1;
  std::atomic<bool> running_{false};
  std::thread writer_;
  std::mutex mu_;
  std::vector<std::string> pending_;
};

void dockingCycle(RampAngleMonitor &angle, RampAlarmLog &alarms) {
  if (!alarms.start("/var/log/linkspan/ramp.log"))
    return;
  if (!angle.start("/dev/ttyUSB0")) {
    alarms.raise("inclinometer offline");
    alarms.stop();
    return;
  }
  if (angle.latestDegrees() > 9.5)
    alarms.raise("ramp angle above loading limit");
  angle.stop();
  alarms.stop();
}
