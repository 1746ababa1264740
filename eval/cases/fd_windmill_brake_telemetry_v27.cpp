// Sail-speed and brake telemetry for a restored tower windmill. A collector
// thread reads the sail encoder device; the main thread wakes it through a
// self-pipe when the miller applies the brake. Readings are appended to a
// log descriptor; the daily archive is written through a dup() of it so that
// the archiver can close its copy independently.
// Negative case: the pipe ends are closed only after the collector thread is
// joined and are reset to -1; the encoder descriptor is reopened before it is
// read again; closing the dup()ed descriptor leaves the original one open.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>

class SailCollector {
public:
  SailCollector(std::string encoder, int logFd) : encoder_(std::move(encoder)), logFd_(logFd) {}
  bool start();
  void brake();
  void stop();

private:
  void run();
  bool reopenEncoder();

  std::string encoder_;
  int logFd_;
  int encFd_ = -1;
  int wake_[2] = {-1, -1};
  std::thread thread_;
};

bool SailCollector::start() {
  if (::pipe2(wake_, O_CLOEXEC) != 0)
    return false;
  if (!reopenEncoder()) {
    ::close(wake_[0]);
    ::close(wake_[1]);
    wake_[0] = wake_[1] = -1;
    return false;
  }
  thread_ = std::thread(&SailCollector::run, this);
  return true;
}

bool SailCollector::reopenEncoder() {
  if (encFd_ >= 0)
    ::close(encFd_);
  encFd_ = ::open(encoder_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  return encFd_ >= 0;
}

void SailCollector::run() {
  for (;;) {
    pollfd fds[2] = {{wake_[0], POLLIN, 0}, {encFd_, POLLIN, 0}};
    if (::poll(fds, 2, 1000) < 0 && errno != EINTR)
      break;
    if (fds[0].revents & POLLIN) {
      char cmd = 0;
      if (::read(wake_[0], &cmd, 1) != 1 || cmd == 'q') // OK
        break;
      ::write(logFd_, "BRAKE\n", 6);
    }
    if (fds[1].revents & (POLLERR | POLLHUP)) {
      if (!reopenEncoder())
        break;
      continue;
    }
    if (fds[1].revents & POLLIN) {
      char buf[64];
      ssize_t n = ::read(encFd_, buf, sizeof buf); // OK
      if (n > 0)
        ::write(logFd_, buf, static_cast<size_t>(n));
    }
  }
}

void SailCollector::brake() {
  if (wake_[1] >= 0)
    ::write(wake_[1], "b", 1);
}

void SailCollector::stop() {
  if (!thread_.joinable())
    return;
  ::write(wake_[1], "q", 1);
  thread_.join();
  ::close(wake_[0]);
  ::close(wake_[1]);
  wake_[0] = wake_[1] = -1;
  if (encFd_ >= 0) {
    ::close(encFd_);
    encFd_ = -1;
  }
}

int archiveDay(int logFd, const char *stamp) {
  int copy = ::dup(logFd);
  if (copy < 0)
    return -1;
  ::lseek(copy, 0, SEEK_SET);
  char header[64];
  int len = std::snprintf(header, sizeof header, "# archive %s\n", stamp);
  ::fsync(copy);
  ::close(copy);
  ssize_t w = ::write(logFd, header, static_cast<size_t>(len)); // OK
  return w == len ? 0 : -1;
}

int runMillDay(const char *encoder, const char *logPath) {
  int logFd = ::open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (logFd < 0)
    return 1;
  SailCollector collector(encoder, logFd);
  if (!collector.start()) {
    ::close(logFd);
    return 2;
  }
  collector.brake();
  collector.stop();
  collector.brake(); // OK
  int rc = archiveDay(logFd, "2024-06-21");
  ::close(logFd);
  return rc == 0 ? 0 : 3;
}
