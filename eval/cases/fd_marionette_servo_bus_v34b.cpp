// Servo bus of a marionette theatre: the string controller talks to the servo
// board over one end of a socketpair, and a self-pipe wakes the poll loop when
// a cue is queued. Correct throughout: the wake pipe's write end is closed
// while its read end keeps being drained (two distinct descriptors); the bus
// is half-closed with shutdown(), not closed, before the last read; closes on
// error paths return before any use; closed descriptors are set to -1 and
// tested; a replaced descriptor is written only after the replacement.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

class ServoBus {
public:
  bool start();
  int move(int servo, int angle);
  void wake();
  int pump();
  void finale();
  void stop();
  bool swap_board(int new_fd);

private:
  int bus_ = -1;
  int board_ = -1;
  int wake_rd_ = -1;
  int wake_wr_ = -1;
};

bool ServoBus::start() {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return false;
  int pf[2];
  if (::pipe2(pf, O_CLOEXEC | O_NONBLOCK) != 0) {
    ::close(sv[0]);
    ::close(sv[1]);
    return false;
  }
  bus_ = sv[0];
  board_ = sv[1];
  wake_rd_ = pf[0];
  wake_wr_ = pf[1];
  return true;
}

int ServoBus::move(int servo, int angle) {
  if (bus_ < 0)
    return -EBADF;
  char cmd[32];
  int len = std::snprintf(cmd, sizeof cmd, "S%02d:%03d\n", servo, angle);
  if (::write(bus_, cmd, static_cast<size_t>(len)) != len) {
    ::close(bus_);
    bus_ = -1;
    return -EIO;
  }
  wake();
  return 0;
}

void ServoBus::wake() {
  if (wake_wr_ < 0)
    return;
  char b = 1;
  (void)::write(wake_wr_, &b, 1); // OK: guarded by wake_wr_ < 0 above
}

int ServoBus::pump() {
  if (wake_rd_ < 0)
    return -EBADF;
  struct pollfd p = {wake_rd_, POLLIN, 0};
  if (::poll(&p, 1, 50) <= 0)
    return 0;
  char drain[64];
  ssize_t n = ::read(wake_rd_, drain, sizeof drain); // OK: read end is still open
  return n > 0 ? static_cast<int>(n) : 0;
}

// Curtain: no more cues may be queued, but the board's last acknowledgements
// are still read from the half-closed bus.
void ServoBus::finale() {
  if (wake_wr_ >= 0) {
    ::close(wake_wr_);
    wake_wr_ = -1;
  }
  pump(); // OK: only the write end of the pipe was closed
  if (bus_ < 0)
    return;
  ::shutdown(bus_, SHUT_WR);
  char ack[64];
  while (::read(bus_, ack, sizeof ack) > 0) { // OK: shutdown() is not close()
  }
}

void ServoBus::stop() {
  int fds[] = {bus_, board_, wake_rd_, wake_wr_};
  for (int fd : fds)
    if (fd >= 0)
      ::close(fd);
  bus_ = board_ = wake_rd_ = wake_wr_ = -1;
  if (move(0, 90) != 0) // OK: move() returns -EBADF when bus_ is -1
    std::fprintf(stderr, "servo bus stopped\n");
}

bool ServoBus::swap_board(int new_fd) {
  if (new_fd < 0 || new_fd == bus_)
    return false;
  if (bus_ >= 0)
    ::close(bus_);
  bus_ = new_fd;
  const char hello[] = "HELLO\n";
  return ::write(bus_, hello, sizeof hello - 1) == static_cast<ssize_t>(sizeof hello - 1); // OK: bus_ replaced by new_fd
}

int rehearse(ServoBus &bus) {
  if (!bus.start())
    return 1;
  for (int angle = 0; angle <= 180; angle += 30) {
    int rc = bus.move(3, angle);
    if (rc != 0)
      return 2;
    bus.pump();
  }
  bus.finale();
  bus.stop();
  return 0;
}
