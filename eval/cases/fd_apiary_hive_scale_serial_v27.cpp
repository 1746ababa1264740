// Hive scale reader for an apiary. Each hive stand has a load cell behind a
// serial adapter; the reader opens the port, configures it raw at 9600 baud,
// polls "W?" and parses the weight reply. A reading that times out makes the
// reader reopen the port for the next poll.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <utility>
#include <termios.h>
#include <unistd.h>

class HiveScale {
public:
  explicit HiveScale(std::string device) : device_(std::move(device)) {}
  ~HiveScale() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }

  bool open();
  bool poll(double &grams);
  void reopen();
  int fd() const { return fd_; }

private:
  bool configurePort(int fd);

  std::string device_;
  int fd_ = -1;
  int timeouts_ = 0;
};

bool HiveScale::configurePort(int fd) {
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0) {
    std::fprintf(stderr, "%s: tcgetattr: %s\n", device_.c_str(), std::strerror(errno));
    ::close(fd);
  }
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  ::cfsetospeed(&tio, B9600);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 20;
  int flags = ::fcntl(fd, F_GETFL); // BUG: use-after-close
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
    return false;
  return ::tcsetattr(fd, TCSANOW, &tio) == 0;
}

bool HiveScale::open() {
  int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return false;
  if (!configurePort(fd))
    return false;
  fd_ = fd;
  return true;
}

bool HiveScale::poll(double &grams) {
  if (fd_ < 0 && !open())
    return false;
  if (::write(fd_, "W?\r", 3) != 3) // OK
    return false;
  char buf[32];
  ssize_t n = ::read(fd_, buf, sizeof buf - 1);
  if (n <= 0) {
    if (++timeouts_ >= 3)
      reopen();
    return false;
  }
  timeouts_ = 0;
  buf[n] = '\0';
  grams = std::strtod(buf, nullptr);
  return true;
}

void HiveScale::reopen() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  timeouts_ = 0;
  if (open())
    ::tcflush(fd_, TCIOFLUSH); // OK
}

static void drainPort(int fd) {
  char junk[64];
  while (::read(fd, junk, sizeof junk) > 0) {
  }
  ::close(fd);
}

int calibrateStand(const char *device, double referenceGrams) {
  int fd = ::open(device, O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return -1;
  if (::write(fd, "TARE\r", 5) != 5) {
    ::close(fd);
    return -2;
  }
  ::usleep(500 * 1000);
  drainPort(fd);
  char cmd[32];
  int len = std::snprintf(cmd, sizeof cmd, "CAL %.0f\r", referenceGrams);
  ssize_t w = ::write(fd, cmd, static_cast<size_t>(len)); // BUG: use-after-close
  ::close(fd); // BUG: double-close
  return w == len ? 0 : -3;
}

int sampleApiary(HiveScale *stands, int count, double *out) {
  int ok = 0;
  for (int i = 0; i < count; ++i) {
    double g = 0.0;
    if (stands[i].poll(g)) {
      out[i] = g;
      ++ok;
    } else {
      out[i] = -1.0;
    }
  }
  return ok;
}
