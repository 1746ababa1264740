// Runs an external filter (e.g. a compressor) over a buffer through two pipes.
// spawn() hands the parent one end of each pipe. runFilter() closes the write
// end to send EOF, then on a failing exit status calls closeChild(), which
// closes the write end a second time. On a
// deadline, runWithDeadline() kills the child and closes its descriptors, then
// still tries to drain the output descriptor it has closed.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <vector>

struct Child {
  pid_t pid = -1;
  int in = -1;  // parent writes the child's stdin here
  int out = -1; // parent reads the child's stdout here
};

Child spawn(std::vector<std::string> argv) {
  int toChild[2], fromChild[2];
  if (::pipe(toChild) != 0)
    throw std::runtime_error("pipe failed");
  if (::pipe(fromChild) != 0) {
    ::close(toChild[0]);
    ::close(toChild[1]);
    throw std::runtime_error("pipe failed");
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(toChild[0], STDIN_FILENO);
    ::dup2(fromChild[1], STDOUT_FILENO);
    ::close(toChild[0]); // the child works on the dup2 copies
    ::close(toChild[1]);
    ::close(fromChild[0]);
    ::close(fromChild[1]);
    std::vector<char *> args;
    for (std::string &a : argv)
      args.push_back(&a[0]);
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(toChild[0]);
  ::close(fromChild[1]);
  if (pid < 0) {
    ::close(toChild[1]);
    ::close(fromChild[0]);
    throw std::runtime_error("fork failed");
  }
  return Child{pid, toChild[1], fromChild[0]};
}

void closeChild(const Child &c) {
  ::close(c.in); // SAME: cleanup
  ::close(c.out);
}

static void writeAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n <= 0)
      return;
    off += static_cast<std::size_t>(n);
  }
}

static std::string readAll(int fd) {
  std::string out;
  char buf[8192];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) // SAME: drain
    out.append(buf, static_cast<std::size_t>(n));
  return out;
}

std::string runFilter(const std::vector<std::string> &argv, const std::string &input) {
  Child c = spawn(argv);
  writeAll(c.in, input);
  ::close(c.in);
  std::string output = readAll(c.out); // OK: only the write end was closed
  int status = 0;
  ::waitpid(c.pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    closeChild(c); // BUG: double-close #cleanup
    throw std::runtime_error("filter " + argv[0] + " failed");
  }
  ::close(c.out);
  return output;
}

std::string runWithDeadline(const std::vector<std::string> &argv, const std::string &input,
                            unsigned seconds) {
  Child c = spawn(argv);
  writeAll(c.in, input);
  ::close(c.in);
  ::sleep(seconds);
  int status = 0;
  bool killed = false;
  if (::waitpid(c.pid, &status, WNOHANG) == 0) {
    ::kill(c.pid, SIGKILL);
    ::waitpid(c.pid, &status, 0);
    ::close(c.out);
    killed = true;
  }
  std::string output = readAll(c.out); // BUG: use-after-close #drain
  if (!killed)
    ::close(c.out); // OK: not closed on this path
  return output;
}
