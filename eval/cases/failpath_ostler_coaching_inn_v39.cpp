// Coaching inn stable desk: the ostler's terminal books horse changes for
// arriving coaches over a socket descriptor. read_exact() closes the socket
// when the peer hangs up mid-record and returns false; send_booking() closes
// it on a write error and returns -1; fatal() closes it and exits. Callers
// that stop on failure are correct. Bugs: the arrival handler closes the
// socket again after read_exact() already closed it, and the night desk
// ignores send_booking()'s -1 and writes the trailer to the closed socket.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

bool read_exact(int fd, char* buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::read(fd, buf + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      ::close(fd);
      return false;
    }
    got += static_cast<size_t>(r);
  }
  return true;
}

int send_booking(int fd, const std::string& line) {
  std::string rec = line + "\r\n";
  ssize_t w;
  do {
    w = ::write(fd, rec.data(), rec.size());
  } while (w < 0 && errno == EINTR);
  if (w < 0) {
    ::close(fd);
    return -1;
  }
  return 0;
}

[[noreturn]] void fatal(int fd, const char* why) {
  ::close(fd);
  std::fprintf(stderr, "stable desk: %s\n", why);
  std::exit(2);
}

struct Arrival {
  char coach[8];
  char horses[2];
};

int handle_arrival_checked(int fd) {
  Arrival a{};
  if (!read_exact(fd, a.coach, sizeof a.coach)) return -1;
  if (!read_exact(fd, a.horses, sizeof a.horses)) return -1;
  ::write(fd, "ACK\r\n", 5);  // OK: read_exact() closes only when it returns false
  return 0;
}

int handle_arrival(int fd) {
  Arrival a{};
  if (!read_exact(fd, a.coach, sizeof a.coach)) {
    ::close(fd);  // BUG: double-close
    return -1;
  }
  ::write(fd, "ACK\r\n", 5);  // OK: the failure path returned above
  return 0;
}

void change_horses(int fd, const std::string& coach, int teams) {
  if (teams <= 0) fatal(fd, "no fresh teams in the stable");
  if (send_booking(fd, coach + " x" + std::to_string(teams)) < 0) return;  // OK: fatal() never returns
  send_booking(fd, "farrier on call");  // OK: returned above on failure
}

void night_desk(int fd, const std::string& coach) {
  if (send_booking(fd, coach + " overnight") < 0) std::fprintf(stderr, "booking for %s failed\n", coach.c_str());
  ::write(fd, "END\r\n", 5);  // BUG: use-after-close
}

void morning_desk(int fd, const std::string& coach) {
  int rc = send_booking(fd, coach + " departs 06:00");
  if (rc != 0) {
    std::fprintf(stderr, "booking for %s failed\n", coach.c_str());
    return;
  }
  ::write(fd, "END\r\n", 5);  // OK: rc == 0 here, the socket is still open
  ::close(fd);
}
