// Locksmith key-cutting machine driver: opens the cutter's serial line, sends
// the blank profile and one CUT command per bitting position, waits for the
// machine's ACK after each command, and parks the carriage when a job ends.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <vector>

struct KeyBlank {
  std::string profile;
  int positions;
};

struct CutJob {
  std::string ticket;
  KeyBlank blank;
  std::vector<int> depths;
};

static int open_cutter(const char *dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  termios tio{};
  if (::tcgetattr(fd, &tio) != 0) {
    ::close(fd);
    return -1;
  }
  ::cfmakeraw(&tio);
  ::cfsetspeed(&tio, B9600);
  tio.c_cc[VMIN] = 0;
  tio.c_cc[VTIME] = 20;
  if (::tcsetattr(fd, TCSANOW, &tio) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static bool write_line(int fd, const std::string &line) {
  std::string buf = line + "\r\n";
  size_t off = 0;
  while (off < buf.size()) {
    ssize_t n = ::write(fd, buf.data() + off, buf.size() - off); // SAME: park
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

// Returns 0 on ACK, 1 on NAK. Returns -1 when the line is dead; the
// descriptor has then been closed.
static int command(int fd, const std::string &cmd) {
  if (!write_line(fd, cmd)) {
    ::close(fd);
    return -1;
  }
  char reply[32];
  ssize_t n = ::read(fd, reply, sizeof reply - 1);
  if (n <= 0) {
    ::close(fd);
    return -1;
  }
  reply[n] = '\0';
  return std::strncmp(reply, "ACK", 3) == 0 ? 0 : 1;
}

static void park_carriage(int fd) { write_line(fd, "G28 X0 Y0"); }

bool cut_key(const char *dev, const CutJob &job) {
  if (static_cast<int>(job.depths.size()) != job.blank.positions)
    return false;
  int fd = open_cutter(dev);
  if (fd < 0)
    return false;

  int rc = command(fd, "PROFILE " + job.blank.profile);
  if (rc < 0)
    return false;
  if (rc > 0) {
    ::close(fd); // OK
    return false;
  }

  for (size_t i = 0; i < job.depths.size(); ++i) {
    rc = command(fd, "CUT " + std::to_string(i + 1) + " " + // OK
                         std::to_string(job.depths[i]));
    if (rc != 0) {
      std::fprintf(stderr, "ticket %s: cut %zu failed (%s)\n",
                   job.ticket.c_str(), i + 1, rc < 0 ? "line down" : "NAK");
      park_carriage(fd); // BUG: use-after-close #park
      if (rc > 0)
        ::close(fd); // OK
      return false;
    }
  }
  park_carriage(fd); // OK
  ::close(fd);
  return true;
}

int read_blank_counter(const char *dev) {
  int fd = open_cutter(dev);
  if (fd < 0)
    return -1;
  if (!write_line(fd, "COUNT?")) {
    ::close(fd);
    return -1;
  }
  char reply[32] = {};
  ssize_t n = ::read(fd, reply, sizeof reply - 1); // OK
  ::close(fd);
  if (n <= 0)
    return -1;
  return std::atoi(reply);
}
