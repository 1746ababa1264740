// Casino cage cash-drawer controller: each cashier window has a serial-port
// drawer unit that opens on an authorised payout, reports its count when the
// window closes out, and locks until the next shift. Frames are STX payload
// ETX; the unit answers an OPEN with a single ACK byte.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

namespace cage {

struct DrawerPort {
  std::string device;
  std::string window;
  int fd = -1;
};

struct WindowCount {
  long cashCents = 0;
  int chipsIn = 0;
  int chipsOut = 0;
};

static int openDrawerPort(const std::string &dev) {
  int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    return -1;
  }
  ::cfmakeraw(&tio);
  ::cfsetispeed(&tio, B9600);
  ::cfsetospeed(&tio, B9600);
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) { // OK
    ::close(fd);
    return -1;
  }
  return fd;
}

static bool sendFrame(int fd, const std::string &payload) {
  std::string frame = "\x02" + payload + "\x03";
  const char *p = frame.data();
  size_t left = frame.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left); // SAME: lock
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

static bool readAck(int fd) {
  char c = 0;
  return ::read(fd, &c, 1) == 1 && c == 0x06;
}

bool payout(DrawerPort &port, long cents) {
  if (port.fd < 0) {
    port.fd = openDrawerPort(port.device);
    if (port.fd < 0)
      return false;
  }
  if (!sendFrame(port.fd, "OPEN " + std::to_string(cents)) || !readAck(port.fd)) { // OK
    ::close(port.fd);
    port.fd = -1;
    return false;
  }
  return true;
}

bool resetPort(DrawerPort &port) {
  if (port.fd >= 0)
    ::close(port.fd);
  port.fd = openDrawerPort(port.device);
  return port.fd >= 0 && sendFrame(port.fd, "HELLO " + port.window); // OK
}

int closeOutWindow(DrawerPort &port, const WindowCount &count) {
  if (port.fd < 0)
    return -1;
  int rc = 0;
  std::string report = "COUNT " + std::to_string(count.cashCents) + " " +
                       std::to_string(count.chipsIn) + " " + std::to_string(count.chipsOut);
  if (!sendFrame(port.fd, report)) {
    std::fprintf(stderr, "cage %s: count upload failed: %s\n", port.window.c_str(),
                 std::strerror(errno));
    ::close(port.fd);
    rc = -1;
  }
  sendFrame(port.fd, "LOCK"); // BUG: use-after-close #lock
  ::close(port.fd); // BUG: double-close
  port.fd = -1;
  return rc;
}

void releasePort(DrawerPort &port) {
  if (port.fd >= 0) {
    ::close(port.fd); // OK
    port.fd = -1;
  }
}

} // namespace cage
