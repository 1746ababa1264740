// Gelatin resizing bath of a paper conservation studio: a bain-marie keeps
// the gelatin solution at 40-45 C while leaves are passed through it. The
// heater controller sits on a serial port; its descriptor is released with a
// close that is retried only when interrupted by a signal (EINTR). The dosing
// pump driver's release() answers -EAGAIN while strokes are queued and is
// retried after pumping the queue.
// Negative case: each second close() runs only after the first one failed
// with EINTR or -EAGAIN (nothing was released), and the descriptor member is
// cleared with std::exchange so the destructor never sees it again.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

namespace sizing {

// Returns 0, or -1 with errno from the first non-EINTR failure.
static int close_retrying(int fd) {
  for (;;) {
    if (::close(fd) == 0) // OK: repeated only after EINTR
      return 0;
    if (errno != EINTR)
      return -1;
  }
}

class HeaterPort {
public:
  explicit HeaterPort(const std::string &dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("heater controller not found on " + dev);
  }
  ~HeaterPort() {
    if (fd_ >= 0)
      close_retrying(std::exchange(fd_, -1));
  }
  HeaterPort(const HeaterPort &) = delete;
  HeaterPort &operator=(const HeaterPort &) = delete;

  bool set_celsius(double c) {
    if (fd_ < 0)
      return false;
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "SET %.1f\r", c);
    return ::write(fd_, cmd, n) == n;
  }

  int release() {
    if (fd_ < 0)
      return 0;
    return close_retrying(std::exchange(fd_, -1)); // OK: fd_ cleared first
  }

private:
  int fd_;
};

class DosingPump {
public:
  explicit DosingPump(int fd) : fd_(fd) {}
  int queued_strokes() const { return queued_; }
  void pump_queue() { queued_ = 0; }
  void stroke() { ++queued_; }
  // -EAGAIN while strokes are queued (nothing released), 0 once the
  // descriptor is closed.
  int release() {
    if (queued_ > 0)
      return -EAGAIN;
    if (fd_ < 0)
      return 0;
    int rc = ::close(std::exchange(fd_, -1));
    return rc == 0 ? 0 : -errno;
  }

private:
  int fd_;
  int queued_ = 0;
};

void end_of_session(HeaterPort &heater, DosingPump &pump) {
  heater.set_celsius(20.0);
  int rc = pump.release();
  while (rc == -EAGAIN) {
    pump.pump_queue();
    rc = pump.release(); // OK: the previous release() closed nothing
  }
  heater.release();
  heater.release(); // OK: fd_ is -1 after the first release
}

int release_spare_port(int fd) {
  int rc = ::close(fd);
  if (rc != 0 && errno == EINTR)
    rc = ::close(fd); // OK: only after an interrupted close
  return rc;
}

} // namespace sizing
