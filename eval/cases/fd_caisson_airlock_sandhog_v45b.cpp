// Man-lock cycle controller for a pneumatic bridge caisson. The supervisor
// opens the lock's valve actuator (O_CLOEXEC), creates a socketpair to a
// forked pressure worker, streams the compression stages of the shift over
// its end, half-closes its sending side with shutdown(SHUT_WR) and then reads
// the worker's acknowledgements until EOF. The worker drives the valve and
// answers "ACK"/"SKIP" per stage; if the actuator stops responding it drops
// the valve and skips the remaining stages. Descriptors are closed through an
// errno-preserving helper that is also safe to call from signal handlers.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

struct LockStage {
  double gaugeBar;   // target pressure above atmospheric
  int holdSeconds;
};

static void closeKeepErrno(int fd) {
  int saved = errno;
  ::close(fd); // SAME: valvetwice
  errno = saved;
}

static int runPressureWorker(int sock, int valveFd) {
  char buf[64];
  bool valveLost = false;
  ssize_t n;
  while ((n = ::read(sock, buf, sizeof buf - 1)) > 0) {
    buf[n] = '\0';
    if (valveLost) {
      (void)::write(sock, "SKIP\n", 5);
      continue;
    }
    char cmd[32];
    int len = std::snprintf(cmd, sizeof cmd, "P%s", buf);
    if (::write(valveFd, cmd, len) != len) { // OK: skipped once the valve is dropped
      closeKeepErrno(valveFd);
      valveLost = true;
      (void)::write(sock, "FAULT\n", 6);
      continue;
    }
    (void)::write(sock, "ACK\n", 4);
  }
  closeKeepErrno(valveFd); // BUG: double-close #valvetwice
  closeKeepErrno(sock);
  return valveLost ? 2 : 0;
}

static int countAcks(const char *p, ssize_t n) {
  int acks = 0;
  for (ssize_t i = 0; i + 2 < n; ++i)
    if (std::memcmp(p + i, "ACK", 3) == 0)
      ++acks;
  return acks;
}

int cycleManLock(const std::vector<LockStage> &stages) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return -1;
  int valve = ::open("/dev/caisson-valve0", O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (valve < 0) {
    closeKeepErrno(sv[0]);
    closeKeepErrno(sv[1]);
    return -1;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    closeKeepErrno(valve);
    closeKeepErrno(sv[0]);
    closeKeepErrno(sv[1]);
    return -1;
  }
  if (pid == 0) {
    closeKeepErrno(sv[0]);
    ::_exit(runPressureWorker(sv[1], valve));
  }
  closeKeepErrno(sv[1]);
  closeKeepErrno(valve); // OK: the child's copy is the child's

  for (const LockStage &s : stages) {
    char line[48];
    int len = std::snprintf(line, sizeof line, "%.2f %d\n", s.gaugeBar, s.holdSeconds);
    if (::write(sv[0], line, len) != len) {
      std::perror("manlock: stage write");
      ::close(sv[0]);
      ::waitpid(pid, nullptr, 0);
      return -1;
    }
  }
  ::shutdown(sv[0], SHUT_WR);

  int acks = 0;
  char buf[256];
  ssize_t n;
  while ((n = ::read(sv[0], buf, sizeof buf)) != 0) { // OK: shutdown() is not close()
    if (n < 0) {
      if (errno == EINTR)
        continue;
      ::close(sv[0]);
      break;
    }
    acks += countAcks(buf, n);
  }
  ::close(sv[0]); // BUG: double-close
  int status = 0;
  ::waitpid(pid, &status, 0);
  return acks;
}

int main() {
  std::vector<LockStage> shift = {{0.4, 60}, {0.8, 60}, {1.2, 90}, {1.6, 120}};
  int acks = cycleManLock(shift);
  std::printf("stages acknowledged: %d of %zu\n", acks, shift.size());
  return acks == static_cast<int>(shift.size()) ? 0 : 1;
}
