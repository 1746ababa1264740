// A folk ensemble's stage rack drives a tremolo amplifier for the prima
// balalaika over a small TCP control protocol (presets, tremolo rate, mute).
// Closes of the control socket are retried when close() reports a failure.
// Bugs: reconnect() closes the stale socket at the top of every attempt, so a
// failed dial makes the next attempt close the same descriptor again;
// close_with_log() forgets to stop after a successful close; and
// store_preset() closes the socket after close_checked() already did.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

struct Preset {
  int rate_hz;
  int depth_pct;
};

static int dial(const char* ip, unsigned short tcp_port) {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(tcp_port);
  ::inet_pton(AF_INET, ip, &a.sin_addr);
  if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

static int send_preset(int s, const Preset& p) {
  char buf[48];
  int n = std::snprintf(buf, sizeof buf, "TREM %d %d\n", p.rate_hz, p.depth_pct);
  return ::send(s, buf, static_cast<size_t>(n), MSG_NOSIGNAL) == n ? 0 : -1;
}

static int close_checked(int fd) {
  int rc = ::close(fd);
  if (rc != 0) std::perror("amp close");
  return rc;
}

int reconnect(int& sock, const char* ip, unsigned short tcp_port) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    ::close(sock);  // BUG: double-close
    int s = dial(ip, tcp_port);
    if (s >= 0) {
      sock = s;
      return 0;
    }
    ::sleep(1);
  }
  return -1;
}

int reconnect_fixed(int& sock, const char* ip, unsigned short tcp_port) {
  if (sock >= 0 && ::close(sock) != 0 && errno == EINTR) ::close(sock);  // OK: previous close failed
  sock = -1;
  for (int attempt = 0; attempt < 3; ++attempt) {
    sock = dial(ip, tcp_port);
    if (sock >= 0) return 0;
    ::sleep(1);
  }
  return -1;
}

void close_with_log(int fd) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = ::close(fd);  // BUG: double-close
    if (rc == 0)
      std::fprintf(stderr, "amp: control socket %d closed\n", fd);
    else if (errno != EINTR)
      break;
  }
}

void close_until_done(int fd) {
  while (::close(fd) == -1 && errno == EINTR) {  // OK: previous close failed
  }
}

int apply_preset(const char* ip, unsigned short tcp_port, const Preset& p) {
  int ctl = dial(ip, tcp_port);
  if (ctl < 0) return -1;
  int rc = send_preset(ctl, p);
  if (close_checked(ctl) != 0) {
    if (errno == EINTR || errno == EAGAIN) close_checked(ctl);  // OK: previous close failed
    return -1;
  }
  return rc;
}

int store_preset(const char* ip, unsigned short tcp_port, const Preset& p) {
  int ctl = dial(ip, tcp_port);
  if (ctl < 0) return -1;
  int rc = send_preset(ctl, p);
  if (rc == 0) rc = close_checked(ctl);
  ::close(ctl);  // BUG: double-close
  return rc;
}
