// Shipwright's steam box: while an oak plank steams (about an hour per inch of
// thickness) the controller polls the thermocouple probe on a serial line once a
// minute, appends readings to the bending log and, when the time is up, tells the
// boiler relay on the same line to turn the heat off.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <termios.h>
#include <unistd.h>

struct PlankSpec {
  std::string plank_id;
  double thickness_in = 1.0;
  double min_temp_c = 95.0;
};

class BendingLog {
public:
  bool open(const char *path) {
    fd_ = ::open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    return fd_ >= 0;
  }
  void line(const std::string &text) {
    if (fd_ < 0)
      return;
    std::string l = text + "\n";
    if (::write(fd_, l.data(), l.size()) < 0)
      std::perror("bending log");
  }
  void close() {
    if (fd_ >= 0) {
      ::fsync(fd_);
      ::close(fd_);
      fd_ = -1;
    }
  }
  ~BendingLog() { close(); }

private:
  int fd_ = -1;
};

static bool configure_line(int fd) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0)
    return false;
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  ::cfsetospeed(&tio, B9600);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 50;
  return ::tcsetattr(fd, TCSANOW, &tio) == 0;
}

static int send_command(int fd, const char *cmd) {
  std::string frame = std::string(cmd) + "\r\n";
  ssize_t n = ::write(fd, frame.data(), frame.size()); // SAME: relay_off
  return n == static_cast<ssize_t>(frame.size()) ? 0 : -1;
}

static bool read_temperature(int fd, double *celsius) {
  if (send_command(fd, "T?") != 0)
    return false;
  char buf[32];
  ssize_t n = ::read(fd, buf, sizeof buf - 1);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  *celsius = std::strtod(buf, nullptr);
  return true;
}

int steam_plank(const char *dev, const char *log_path, const PlankSpec &spec) {
  int probe = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (probe < 0)
    return -1;
  if (!configure_line(probe)) {
    ::close(probe);
    return -1;
  }
  BendingLog log;
  if (!log.open(log_path)) {
    ::close(probe);
    return -1;
  }
  log.line("start " + spec.plank_id);

  const int minutes = static_cast<int>(spec.thickness_in * 60.0);
  int cold_readings = 0;
  for (int minute = 0; minute < minutes; ++minute) {
    double t = 0.0;
    if (!read_temperature(probe, &t)) {
      log.line("probe lost at minute " + std::to_string(minute));
      ::close(probe);
      break;
    }
    if (t < spec.min_temp_c)
      ++cold_readings;
    log.line(std::to_string(minute) + " " + std::to_string(t));
    ::sleep(60);
  }

  send_command(probe, "HEAT OFF"); // BUG: use-after-close #relay_off
  ::close(probe); // BUG: double-close
  log.line("cold readings: " + std::to_string(cold_readings));
  log.close();
  log.line("closed"); // OK
  log.close(); // OK
  return cold_readings;
}

int probe_selftest(const char *dev) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int probe = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (probe < 0)
      return -errno;
    double t = 0.0;
    if (!configure_line(probe) || !read_temperature(probe, &t)) { // OK
      ::close(probe);
      continue;
    }
    ::close(probe); // OK
    return t > 0.0 && t < 150.0 ? 0 : -ERANGE;
  }
  return -EIO;
}
