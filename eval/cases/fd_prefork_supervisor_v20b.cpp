// Pre-fork worker supervisor: each worker gets a socketpair for commands and
// a pipe that carries its log output back to the supervisor.
// Negative case, the code is correct: after fork() the parent closes the
// child's ends and the child closes the parent's ends, each end once in each
// process; the parent only uses its own ends afterwards; the child leaves
// with _exit() and never returns into the parent's code; stopWorker() resets
// every descriptor to -1 after closing it, and the cleanup checks for -1.
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

struct WorkerChannel {
  pid_t pid = -1;
  int cmdFd = -1;
  int logFd = -1;
};

static void workerMain(int cmdFd, int logFd) {
  char buf[128];
  for (;;) {
    ssize_t n = read(cmdFd, buf, sizeof buf - 1);
    if (n <= 0)
      break;
    buf[n] = '\0';
    std::string line = std::string("worker ") + std::to_string(getpid()) + " got " + buf;
    write(logFd, line.data(), line.size());
    if (std::strncmp(buf, "quit", 4) == 0)
      break;
  }
}

static bool spawnWorker(WorkerChannel &out) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
    return false;
  int logPipe[2];
  if (pipe(logPipe) < 0) {
    close(sv[0]);
    close(sv[1]);
    return false;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(sv[0]);
    close(sv[1]);
    close(logPipe[0]);
    close(logPipe[1]);
    return false;
  }
  if (pid == 0) {
    close(sv[0]); // OK: the parent's end, closed once in the child
    close(logPipe[0]); // OK: the read end belongs to the parent
    workerMain(sv[1], logPipe[1]);
    close(sv[1]);
    close(logPipe[1]);
    _exit(0);
  }
  close(sv[1]); // OK: the parent closes its copy of the child's end once
  close(logPipe[1]); // OK: the write end is the child's
  out.pid = pid;
  out.cmdFd = sv[0];
  out.logFd = logPipe[0];
  return true;
}

static void stopWorker(WorkerChannel &w) {
  const char quit[] = "quit\n";
  write(w.cmdFd, quit, sizeof quit - 1);
  shutdown(w.cmdFd, SHUT_WR);
  close(w.cmdFd);
  w.cmdFd = -1;
  char buf[256];
  ssize_t n;
  while ((n = read(w.logFd, buf, sizeof buf)) > 0) // OK: logFd is a different descriptor than cmdFd
    std::fwrite(buf, 1, static_cast<size_t>(n), stdout);
  close(w.logFd);
  w.logFd = -1;
  waitpid(w.pid, nullptr, 0);
}

static void releaseChannel(WorkerChannel &w) {
  if (w.cmdFd >= 0)
    close(w.cmdFd); // OK: skipped when stopWorker() already closed it
  if (w.logFd >= 0)
    close(w.logFd); // OK: skipped when stopWorker() already closed it
  w.cmdFd = w.logFd = -1;
}

int main() {
  std::vector<WorkerChannel> workers(3);
  for (WorkerChannel &w : workers)
    if (!spawnWorker(w))
      std::perror("spawnWorker");
  for (WorkerChannel &w : workers) {
    if (w.pid < 0)
      continue;
    const char ping[] = "ping\n";
    write(w.cmdFd, ping, sizeof ping - 1); // OK: the parent's end of the socketpair is open
  }
  for (WorkerChannel &w : workers)
    if (w.pid > 0)
      stopWorker(w);
  for (WorkerChannel &w : workers)
    releaseChannel(w);
  return 0;
}
