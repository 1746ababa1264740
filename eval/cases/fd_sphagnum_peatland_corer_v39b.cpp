// A peat corer rig streams depth/moisture readings of sphagnum cores to the
// base camp over TCP and uses a self-pipe to wake its sender when the crew
// presses stop. push_core() uses the usual goto cleanup; reconnect() replaces
// the socket with a fresh one. Bugs: the short-write branch in push_core()
// closes the socket before jumping to a label that closes it again, and
// end_shift() hangs up in hangup() and then still sends the shift summary.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

struct CoreSample {
  int core_id;
  double depth_cm;
  double moisture;
};

static int dial(const char* ip, unsigned short port_no) {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port_no);
  ::inet_pton(AF_INET, ip, &a.sin_addr);
  if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

static bool send_line(int s, const char* line) {
  size_t len = std::strlen(line);
  return ::send(s, line, len, MSG_NOSIGNAL) == static_cast<ssize_t>(len);  // SAME: summary
}

static void hangup(int s) {
  ::shutdown(s, SHUT_RDWR);
  ::close(s);
}

int push_core(const char* ip, unsigned short port_no, const CoreSample* xs, int n) {
  int rc = -1;
  char line[96];
  int s = dial(ip, port_no);
  if (s < 0) return -1;
  for (int i = 0; i < n; ++i) {
    int len = std::snprintf(line, sizeof line, "%d %.1f %.3f\n", xs[i].core_id, xs[i].depth_cm, xs[i].moisture);
    ssize_t w = ::send(s, line, static_cast<size_t>(len), MSG_NOSIGNAL);  // OK: error paths jump out
    if (w < 0) goto out;
    if (w != len) {
      ::close(s);
      goto out;
    }
  }
  rc = 0;
out:
  ::close(s);  // BUG: double-close
  return rc;
}

int reconnect(int old_sock, const char* ip, unsigned short port_no) {
  if (old_sock >= 0) ::close(old_sock);
  int s = dial(ip, port_no);
  if (s < 0) return -1;
  send_line(s, "HELLO corer-2\n");  // OK: fresh socket from dial()
  return s;
}

int wait_for_stop(int wake_rd, int sock) {
  char c;
  ssize_t n;
  do {
    n = ::read(wake_rd, &c, 1);
  } while (n < 0 && errno == EINTR);
  ::close(wake_rd);
  send_line(sock, "STOP\n");  // OK: the pipe was closed, not the socket
  return n == 1 ? 0 : -1;
}

int run_shift(const char* ip, unsigned short port_no) {
  int pipefd[2];
  if (::pipe(pipefd) != 0) return -1;
  int s = dial(ip, port_no);
  if (s < 0) {
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    return -1;
  }
  ::write(pipefd[1], "x", 1);
  ::close(pipefd[1]);
  int rc = wait_for_stop(pipefd[0], s);
  s = reconnect(s, ip, port_no);
  if (s >= 0) send_line(s, "BYE\n");  // OK: reconnect() returned a new socket
  if (s >= 0) ::close(s);
  return rc;
}

void end_shift(int s, int cores_taken) {
  char line[64];
  std::snprintf(line, sizeof line, "SHIFT-END cores=%d\n", cores_taken);
  hangup(s);
  send_line(s, line);  // BUG: use-after-close #summary
}
