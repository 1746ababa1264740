// Silk reeling mill: filament tension sensors on each reeling basin are read
// over serial device nodes. Reads and closes can be interrupted by the
// mill's SIGALRM-driven basin timer, so the code retries on EINTR.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace silk {

ssize_t readTension(int fd, char *buf, std::size_t len) {
  for (;;) {
    ssize_t n = ::read(fd, buf, len);
    if (n >= 0 || errno != EINTR)
      return n;
  }
}

bool closeSensor(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK
  } while (rc == -1 && errno == EINTR);
  return rc == 0;
}

int sampleBasin(const std::string &device, std::vector<int> &grams) {
  int fd = ::open(device.c_str(), O_RDONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  char buf[64];
  ssize_t n = readTension(fd, buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = '\0';
    grams.push_back(std::atoi(buf));
  }
  if (::close(fd) == -1 && errno == EINTR)
    ::close(fd); // OK
  return static_cast<int>(n);
}

int sampleBasinQuick(const std::string &device, std::vector<int> &grams) {
  int fd = ::open(device.c_str(), O_RDONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  char buf[64];
  ssize_t n = readTension(fd, buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = '\0';
    grams.push_back(std::atoi(buf));
  }
  if (::close(fd) != 0 || errno == EINTR)
    ::close(fd); // BUG: double-close
  return static_cast<int>(n);
}

bool releaseSensor(int fd) {
  bool closed = false;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (::close(fd) == 0) // BUG: double-close
      closed = true;
    else if (errno != EINTR)
      break;
  }
  return closed;
}

bool releaseSensorChecked(int fd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (::close(fd) == 0) // OK
      return true;
    if (errno != EINTR)
      return false;
  }
  return false;
}

void sweepBasins(const std::vector<std::string> &devices) {
  std::vector<int> grams;
  for (const std::string &dev : devices) {
    int fd = ::open(dev.c_str(), O_RDONLY | O_NOCTTY);
    if (fd < 0)
      continue;
    char buf[64];
    ssize_t n = readTension(fd, buf, sizeof buf - 1);
    if (!closeSensor(fd))
      std::fprintf(stderr, "close %s failed\n", dev.c_str());
    if (n > 0) {
      buf[n] = '\0';
      grams.push_back(std::atoi(buf));
    }
  }
  std::printf("%zu basins sampled\n", grams.size());
}

} // namespace silk
