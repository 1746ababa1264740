// Gliding club winch controller. The launch point talks to the winch drum
// controller over a serial line, appends every launch to a log file, and uses a
// self-pipe to wake the poller thread. On a cable over-tension the drive is cut
// by dropping the serial line (the controller fails safe).
// Two mistakes: launch() sends the brake command on the serial line right after
// cut_drive() closed it, and finish_day() closes the log again after
// write_summary() already closed it on a failed write.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

struct WinchLink {
  int serial = -1;
  int log = -1;
  int wake[2] = {-1, -1};
};

static int send_cmd(int fd, const char *cmd) {
  size_t n = std::strlen(cmd);
  ssize_t w = ::write(fd, cmd, n); // SAME: brake
  return w == static_cast<ssize_t>(n) ? 0 : -1;
}

// Opens the drum port, the launch log and the wake pipe; on failure everything
// opened so far is closed again.
static int winch_open(WinchLink &l, const char *dev, const char *logpath) {
  l.serial = ::open(dev, O_RDWR | O_NOCTTY);
  if (l.serial < 0)
    return -1;
  l.log = ::open(logpath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (l.log < 0)
    goto fail_serial;
  if (::pipe(l.wake) != 0)
    goto fail_log;
  return 0;
fail_log:
  ::close(l.log);
  l.log = -1;
fail_serial:
  ::close(l.serial);
  l.serial = -1;
  return -1;
}

static void winch_close(WinchLink &l) {
  if (l.serial >= 0) {
    ::close(l.serial);
    l.serial = -1;
  }
  if (l.log >= 0) {
    ::close(l.log);
    l.log = -1;
  }
  for (int &fd : l.wake) {
    if (fd >= 0) {
      ::close(fd);
      fd = -1;
    }
  }
}

// Drops the serial line; the drum controller brakes on loss of carrier.
static void cut_drive(int fd) { ::close(fd); }

static int launch(WinchLink &l, int tension_limit) {
  if (send_cmd(l.serial, "ARM\n") != 0)
    return -1;
  char buf[64];
  ssize_t n = ::read(l.serial, buf, sizeof buf - 1);
  if (n <= 0) {
    cut_drive(l.serial);
    l.serial = -1;
    return -1;
  }
  buf[n] = '\0';
  int tension = std::atoi(buf);
  if (tension > tension_limit) {
    cut_drive(l.serial);
    send_cmd(l.serial, "BRAKE\n"); // BUG: use-after-close #brake
    l.serial = -1;
    return -2;
  }
  dprintf(l.log, "launch ok, peak tension %d daN\n", tension);
  return 0;
}

static int write_summary(int fd, const char *line) {
  if (::write(fd, line, std::strlen(line)) < 0) {
    ::close(fd);
    return -1;
  }
  return 0;
}

static void finish_day(WinchLink &l, int launches) {
  char line[80];
  std::snprintf(line, sizeof line, "day closed after %d launches\n", launches);
  if (write_summary(l.log, line) != 0)
    std::perror("launch log");
  ::close(l.log); // BUG: double-close
  l.log = -1;
}

// Hands the log to the club's archiver: the archiver gets its own descriptor.
static int handoff_log(WinchLink &l) {
  int copy = ::dup(l.log);
  if (copy < 0)
    return -1;
  ::close(l.log);
  l.log = -1;
  const char note[] = "log handed to archiver\n";
  ::write(copy, note, sizeof note - 1); // OK: the dup is a distinct descriptor
  return copy;
}

static void wake_poller(WinchLink &l) {
  if (l.wake[1] < 0)
    return;
  char b = 'w';
  ::write(l.wake[1], &b, 1); // OK: winch_close sets it to -1, checked above
}

int run_launch_point(const char *dev, int launches, int limit) {
  WinchLink l;
  if (winch_open(l, dev, "winch-launches.log") != 0)
    return 1;
  int done = 0;
  for (int i = 0; i < launches; ++i) {
    if (launch(l, limit) != 0)
      break;
    ++done;
    wake_poller(l);
  }
  if (l.serial >= 0)
    send_cmd(l.serial, "PARK\n"); // OK: launch() sets it to -1 whenever it closes it
  finish_day(l, done);
  winch_close(l);
  wake_poller(l);

  WinchLink next;
  if (winch_open(next, dev, "winch-launches.log") != 0)
    return 1;
  int archived = handoff_log(next);
  if (archived >= 0)
    ::close(archived);
  winch_close(next);
  return 0;
}
