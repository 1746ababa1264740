// runFilter(): pipe a small string through an external command (sort, jq,
// a formatter...) and collect its stdout. Two pipes, fork(), dup2() in the
// child, exec; the parent writes the input, closes the write end so the child
// sees EOF, reads everything back and reaps the child. Inputs are small
// (config snippets), so writing everything before reading cannot fill both
// pipes.
//
// Bug: the "make sure the last line is terminated" fix-up was added after the
// close of the child's stdin: writeAll() then writes to a closed descriptor.
// It fails with EBADF and its result is ignored, so the newline is silently
// lost (and in a threaded caller the number may already be another file's).
// Bug: when execvp() fails, the child reports the error into the output pipe
// through fromChild[1], which it closed a few lines earlier after dup2()ing
// it onto stdout: dprintf() fails with EBADF and the caller gets an empty
// output with status 127 and no explanation (STDOUT_FILENO was meant).
// Correct lines: the child and the parent each close their own copies of the same
// pipe ends (different processes); fork()'s error path closes all four and
// returns, so the parent's closes are not repeated.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static bool writeAll(int fd, const char *p, size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, p, len); // SAME: eol
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

int runFilter(char *const argv[], const std::string &input, std::string &output) {
  int toChild[2], fromChild[2];
  if (::pipe2(toChild, O_CLOEXEC) != 0)
    return -1;
  if (::pipe2(fromChild, O_CLOEXEC) != 0) {
    ::close(toChild[0]);
    ::close(toChild[1]);
    return -1;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(toChild[0]);
    ::close(toChild[1]);
    ::close(fromChild[0]);
    ::close(fromChild[1]);
    return -1;
  }
  if (pid == 0) {
    ::dup2(toChild[0], STDIN_FILENO);
    ::dup2(fromChild[1], STDOUT_FILENO);
    ::close(toChild[0]);
    ::close(toChild[1]);
    ::close(fromChild[0]);
    ::close(fromChild[1]);
    ::execvp(argv[0], argv);
    ::dprintf(fromChild[1], "exec %s: %s\n", argv[0], std::strerror(errno)); // BUG: use-after-close
    ::_exit(127);
  }
  ::close(toChild[0]);   // OK: the child closed its own copy, not ours
  ::close(fromChild[1]); // OK: the child closed its own copy, not ours
  bool wrote = writeAll(toChild[1], input.data(), input.size());
  ::close(toChild[1]);
  if (wrote && !input.empty() && input.back() != '\n')
    writeAll(toChild[1], "\n", 1); // BUG: use-after-close #eol

  output.clear();
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fromChild[0], buf, sizeof buf);
    if (n > 0) {
      output.append(buf, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  ::close(fromChild[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main() {
  std::signal(SIGPIPE, SIG_IGN); // a child that dies early must not kill us
  char sortCmd[] = "sort";
  char *argv[] = {sortCmd, nullptr};
  std::string out;
  int rc = runFilter(argv, "pear\napple\nfig", out);
  if (rc != 0)
    return 1;
  return ::write(STDOUT_FILENO, out.data(), out.size()) < 0 ? 1 : 0;
}
