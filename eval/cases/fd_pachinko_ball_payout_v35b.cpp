// Payout controller for a pachinko parlour: the ball hopper of a machine is
// driven over a serial descriptor (with a dup'd descriptor for the jam
// watchdog), every payout is reported on the hall server's audit socket, and
// tilt alarms go to the floor manager's socket.
// Two mistakes: after send_all_or_close() failed (it closed the audit socket),
// the caller still sends an error line on it; and the tilt handler closes the
// floor socket on a send error without clearing it, then sends FLUSH on it.
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace hall {

struct Payout {
  int machine = 0;
  int balls = 0;
};

struct FloorLink {
  int sock = -1;
  int missed = 0;
};

// Sends the whole buffer. On a hard error the descriptor is closed and -1 is
// returned; the caller must not use it again.
static int send_all_or_close(int fd, const char* p, size_t len) {
  while (len > 0) {
    ssize_t n = ::send(fd, p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      return -1;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return 0;
}

static int open_hopper(const char* dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  unsigned char enq = 0x05;
  if (::write(fd, &enq, 1) != 1) {
    ::close(fd);
    return -1;
  }
  return fd;
}

int report_payout(int audit_fd, const Payout& p) {
  char line[64];
  int len = std::snprintf(line, sizeof line, "PAY %d %d\n", p.machine, p.balls);
  if (send_all_or_close(audit_fd, line, static_cast<size_t>(len)) != 0) {
    static const char err[] = "ERR payout lost\n";
    ::send(audit_fd, err, sizeof err - 1, MSG_NOSIGNAL);  // BUG: use-after-close
    return -1;
  }
  return 0;
}

int dispense(const char* dev, int audit_fd, const Payout& p) {
  int rc = -1;
  int mirror = -1;
  unsigned char status = 0;
  unsigned char cmd[3] = {0x10, static_cast<unsigned char>(p.balls & 0xff),
                          static_cast<unsigned char>((p.balls >> 8) & 0xff)};
  int hopper = open_hopper(dev);
  if (hopper < 0) return -1;
  mirror = ::dup(hopper);  // the jam watchdog keeps its own descriptor
  if (mirror < 0) goto out_hopper;
  if (::write(hopper, cmd, sizeof cmd) != static_cast<ssize_t>(sizeof cmd)) goto out_mirror;
  ::close(hopper);
  hopper = -1;
  if (::read(mirror, &status, 1) != 1) goto out_mirror;  // OK: the dup'd descriptor is still open
  rc = (status == 0x06) ? report_payout(audit_fd, p) : -1;
out_mirror:
  ::close(mirror);
out_hopper:
  if (hopper >= 0) ::close(hopper);  // OK: cleared to -1 after the early close
  return rc;
}

static void floor_drop(FloorLink& f) {
  if (f.sock >= 0) {
    ::close(f.sock);
    f.sock = -1;
  }
}

void heartbeat(FloorLink& f) {
  if (f.sock < 0) return;
  if (::send(f.sock, "HB\n", 3, MSG_NOSIGNAL) != 3) {
    if (++f.missed > 3) floor_drop(f);
    return;
  }
  f.missed = 0;
}

void on_tilt(FloorLink& f, int machine) {
  char msg[32];
  int n = std::snprintf(msg, sizeof msg, "TILT %d\n", machine);
  if (f.sock < 0) return;
  if (::send(f.sock, msg, static_cast<size_t>(n), MSG_NOSIGNAL) < 0) {
    std::perror("tilt");
    ::close(f.sock);
  }
  ::send(f.sock, "FLUSH\n", 6, MSG_NOSIGNAL);  // BUG: use-after-close
}

void end_of_day(FloorLink& f) {
  heartbeat(f);
  floor_drop(f);
  heartbeat(f);  // OK: floor_drop cleared the descriptor, heartbeat returns early
  floor_drop(f);  // OK: second drop sees -1 and does nothing
}

}  // namespace hall
