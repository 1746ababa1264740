// Control of a drive-in cinema's low-power FM transmitter (the film's sound is
// broadcast to car radios): commands go over a serial port, a self-pipe wakes
// the control loop when the projection booth changes the show, and every
// frequency change is appended to a licence log. Negative case: the port is
// closed through close(), which resets the descriptor to -1, every command
// checks for -1 first, a failed command reopens the port before its single
// retry, the log descriptor is closed once on each path, and the self-pipe
// ends are closed only by the destructor.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>

class TransmitterPort {
public:
  explicit TransmitterPort(std::string device) : device_(std::move(device)) {}
  ~TransmitterPort() { close(); }
  TransmitterPort(const TransmitterPort &) = delete;
  TransmitterPort &operator=(const TransmitterPort &) = delete;

  bool open() {
    fd_ = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    return fd_ >= 0;
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_); // OK
      fd_ = -1;
    }
  }
  bool command(const std::string &cmd, std::string &reply);

private:
  std::string device_;
  int fd_ = -1;
};

bool TransmitterPort::command(const std::string &cmd, std::string &reply) {
  if (fd_ < 0)
    return false;
  std::string line = cmd + "\r";
  if (::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size())) // OK
    return false;
  char buf[64];
  ssize_t n = ::read(fd_, buf, sizeof buf - 1);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  reply = buf;
  return reply.compare(0, 2, "OK") == 0;
}

bool appendLicenceLog(const char *path, double mhz, const char *film) {
  int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0)
    return false;
  char line[160];
  int len = std::snprintf(line, sizeof line, "%ld %.1f MHz %s\n",
                          static_cast<long>(::time(nullptr)), mhz, film);
  if (len < 0 || ::write(fd, line, static_cast<size_t>(len)) != len) {
    ::close(fd);
    return false;
  }
  bool synced = ::fsync(fd) == 0; // OK
  ::close(fd); // OK
  return synced;
}

class ShowController {
public:
  explicit ShowController(const std::string &device) : port_(device) {
    if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0)
      wake_[0] = wake_[1] = -1;
  }
  ~ShowController() {
    if (wake_[0] >= 0)
      ::close(wake_[0]);
    if (wake_[1] >= 0)
      ::close(wake_[1]);
  }
  ShowController(const ShowController &) = delete;
  ShowController &operator=(const ShowController &) = delete;

  bool tune(double mhz, const char *film);
  void notifyBooth() {
    if (wake_[1] >= 0) {
      char b = 1;
      (void)!::write(wake_[1], &b, 1);
    }
  }

private:
  TransmitterPort port_;
  int wake_[2] = {-1, -1};
};

bool ShowController::tune(double mhz, const char *film) {
  char cmd[32];
  std::snprintf(cmd, sizeof cmd, "FREQ %.1f", mhz);
  std::string reply;
  if (!port_.command(cmd, reply)) {
    std::fprintf(stderr, "fm: '%s' failed (%s), reopening port\n", cmd,
                 reply.empty() ? std::strerror(errno) : reply.c_str());
    port_.close();
    if (!port_.open())
      return false;
    if (!port_.command(cmd, reply)) // OK
      return false;
  }
  appendLicenceLog("/var/log/drive-in/fm-licence.log", mhz, film);
  notifyBooth();
  return true;
}
