// Cliff-top helipad: the winchman's console sends frames to the hoist controller over
// a serial descriptor. send_frame() closes the descriptor on a short or failed write
// and returns false; arm_hoist() closes it and returns -errno when the controller
// rejects the arming; die() closes it and exits. lower_stretcher() and secure_line()
// stop on those errors. raise_casualty() ignores send_frame()'s result and keeps
// writing, then closes a descriptor the helper may already have closed.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

bool send_frame(int fd, const std::string& frame) {
  ssize_t n = ::write(fd, frame.data(), frame.size());
  if (n != static_cast<ssize_t>(frame.size())) {
    ::close(fd);
    return false;
  }
  return true;
}

int arm_hoist(int fd) {
  char reply[8] = {0};
  if (::write(fd, "ARM\n", 4) != 4 || ::read(fd, reply, sizeof reply - 1) <= 0) {
    int err = errno;
    ::close(fd);
    return -err;
  }
  if (std::strncmp(reply, "OK", 2) != 0) {
    ::close(fd);
    return -EPROTO;
  }
  return 0;
}

[[noreturn]] void die(int fd, const char* why) {
  std::fprintf(stderr, "winch console: %s\n", why);
  if (fd >= 0) ::close(fd);
  std::exit(2);
}

int lower_stretcher(int fd) {
  if (!send_frame(fd, "LOWER 40\n")) return -1;
  ::write(fd, "HOLD\n", 5);  // OK: send_frame closed fd only when it returned false
  return ::close(fd);
}

void secure_line(int fd) {
  int rc = arm_hoist(fd);
  if (rc < 0) die(-1, std::strerror(-rc));  // arm_hoist already closed fd
  if (::write(fd, "TENSION 5\n", 10) != 10) die(fd, "tension frame lost");  // OK: arm_hoist closed fd only on the error path, which ends in die()
  ::close(fd);  // OK: die() closes fd but never returns
}

void raise_casualty(int fd) {
  send_frame(fd, "RAISE 40\n");
  ::write(fd, "STOP\n", 5);  // BUG: use-after-close
  ::close(fd);  // BUG: double-close
}

int open_console(const char* tty) {
  int fd = ::open(tty, O_RDWR | O_NOCTTY);
  if (fd < 0) die(-1, "no console");
  if (!send_frame(fd, "HELLO\n")) die(-1, "console silent");
  return fd;
}

void rescue(const char* tty) {
  int fd = open_console(tty);
  if (lower_stretcher(fd) != 0) return;
  int fd2 = open_console(tty);
  secure_line(fd2);
}
