// Haul-in sequence for a bathysphere tether windlass: the controller talks to
// the windlass PLC over TCP, streams tether tension samples to a logging child
// process through a pipe, and keeps a dup'd descriptor of the PLC socket for
// the emergency-stop listener.
// Two mistakes: abort_haul() closes the PLC socket on a refused command and the
// cleanup label closes it again; and after closing the pipe's write end to
// signal end-of-data, the summary is still written into it.
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tetherwindlass {

static int dial_plc(const char* ip, unsigned short port) {
  int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  if (::inet_pton(AF_INET, ip, &addr.sin_addr) != 1 ||
      ::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

// Sends a stop frame and closes the PLC link when the windlass refuses a command.
static int abort_haul(int plc) {
  static const char stop[] = "STOP\n";
  ::send(plc, stop, sizeof stop - 1, MSG_NOSIGNAL);
  ::close(plc);
  return -1;
}

static int command(int plc, const char* cmd) {
  char reply[16] = {0};
  if (::send(plc, cmd, std::strlen(cmd), MSG_NOSIGNAL) < 0) return -1;
  ssize_t n = ::recv(plc, reply, sizeof reply - 1, 0);
  if (n <= 0) return -1;
  return std::strncmp(reply, "ACK", 3) == 0 ? 0 : 1;
}

int haul_in(const char* ip, int logger_stdin, int meters) {
  int rc = -1;
  int estop = -1;
  int plc = dial_plc(ip, 5020);
  if (plc < 0) return -1;
  estop = ::dup(plc);
  if (estop < 0) goto close_plc;
  for (int m = 0; m < meters; ++m) {
    int r = command(plc, "REEL 1\n");
    if (r == 1) {
      rc = abort_haul(plc);
      goto close_estop;
    }
    if (r < 0) goto close_estop;
    char sample[32];
    int len = std::snprintf(sample, sizeof sample, "%d %d\n", m, 1200 + m);
    ::write(logger_stdin, sample, static_cast<size_t>(len));
  }
  rc = 0;
close_estop:
  ::close(estop);
close_plc:
  ::close(plc);  // BUG: double-close
  return rc;
}

int run_with_logger(const char* ip, int meters) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return -1;
  }
  if (child == 0) {
    ::close(fds[1]);
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    ::execlp("tension-logger", "tension-logger", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[0]);  // OK: the child's closes ran in the child, whose branch ends in _exit
  fds[0] = -1;
  int rc = haul_in(ip, fds[1], meters);
  ::close(fds[1]);  // OK: the parent's only close of the write end; EOF ends the logger
  char summary[48];
  int len = std::snprintf(summary, sizeof summary, "done rc=%d\n", rc);
  ::write(fds[1], summary, static_cast<size_t>(len));  // BUG: use-after-close
  if (fds[0] >= 0) ::close(fds[0]);  // OK: read end was set to -1 after its close
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return rc;
}

int probe_plc(const char* ip) {
  int plc = dial_plc(ip, 5020);
  if (plc < 0) return -1;
  int watcher = ::dup(plc);
  ::close(plc);
  if (watcher < 0) return -1;
  int r = command(watcher, "PING\n");  // OK: watcher is a separate descriptor, still open
  ::close(watcher);  // OK: closes the dup, not plc
  return r;
}

}  // namespace tetherwindlass
