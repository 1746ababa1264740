// Runs a helper program with its stdout captured through a pipe and runs a
// callback with stderr temporarily redirected to a file, the way small
// process-spawning utilities do. Negative: every descriptor is closed once.
// close_fd() resets the variable to -1 and skips negative values; the child's
// closes happen in another process that then _exit()s; the dup2() copies
// (STDOUT_FILENO, STDERR_FILENO) are distinct descriptors from the closed ones.
#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Pipe {
  int rd = -1;
  int wr = -1;
};

void close_fd(int &fd) {
  if (fd >= 0) {
    close(fd);
    fd = -1;
  }
}

bool make_pipe(Pipe &p) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return false;
  p.rd = fds[0];
  p.wr = fds[1];
  return true;
}

std::string read_all(int fd) {
  std::string out;
  char buf[1024];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

int run_capture(const char *prog, std::string &output) {
  Pipe out;
  if (!make_pipe(out))
    return -1;
  pid_t pid = fork();
  if (pid < 0) {
    close_fd(out.rd);
    close_fd(out.wr);
    return -1;
  }
  if (pid == 0) {
    dup2(out.wr, STDOUT_FILENO);
    close(out.rd);
    close(out.wr);
    execlp(prog, prog, static_cast<char *>(nullptr));
    _exit(127);
  }
  close_fd(out.wr); // OK: the child's close(out.wr) ran in the child, which _exit()ed
  output = read_all(out.rd); // OK: only the write end was closed in the parent
  close_fd(out.rd); // OK: first close of the read end in this process
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int with_stderr_to(const char *path, void (*fn)()) {
  int saved = dup(STDERR_FILENO);
  if (saved < 0)
    return -1;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    close(saved);
    return -1;
  }
  dup2(fd, STDERR_FILENO);
  close(fd);
  fn();
  write(STDERR_FILENO, "done\n", 5); // OK: STDERR_FILENO is the dup2 copy, not fd
  dup2(saved, STDERR_FILENO);
  close(saved); // OK: the only other close of saved is on a path that returned
  return 0;
}

void noisy_step() { write(STDERR_FILENO, "step\n", 5); }

} // namespace

int main() {
  std::string version;
  if (run_capture("uname", version) != 0)
    return 1;
  int fds[3] = {-1, -1, -1};
  fds[0] = open("/dev/null", O_RDONLY | O_CLOEXEC);
  fds[1] = open("/tmp/capture.out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fds[1] >= 0)
    write(fds[1], version.data(), version.size());
  close_fd(fds[1]);
  for (int &fd : fds)
    close_fd(fd); // OK: fds[1] is -1 already and close_fd skips it
  return with_stderr_to("/tmp/capture.err", noisy_step);
}
