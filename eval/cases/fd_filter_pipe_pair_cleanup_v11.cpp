// Runs a shell filter over a string through two pipes. The Pipe struct owns
// both ends; closeRead()/closeWrite() close an end and reset it to -1, and
// closeAll() closes whatever is still >= 0. runFilter() signals EOF to the
// child with a raw ::close(toChild.wr) but does not reset the member, so the
// final toChild.closeAll() closes that descriptor number a second time (by then
// it may even belong to another descriptor opened in between).
#include <cerrno>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

struct Pipe {
  int rd = -1;
  int wr = -1;

  bool open() {
    int fds[2];
    if (::pipe(fds) != 0)
      return false;
    rd = fds[0];
    wr = fds[1];
    return true;
  }
  void closeRead() {
    if (rd >= 0)
      ::close(rd);
    rd = -1;
  }
  void closeWrite() {
    if (wr >= 0)
      ::close(wr);
    wr = -1;
  }
  void closeAll() {
    if (rd >= 0)
      ::close(rd);
    if (wr >= 0)
      ::close(wr); // SAME: cleanup
    rd = wr = -1;
  }
};

static bool writeAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

int runFilter(const char *cmd, const std::string &input, std::string &output) {
  Pipe toChild, fromChild;
  if (!toChild.open())
    return -1;
  if (!fromChild.open()) {
    toChild.closeAll();
    return -1;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    toChild.closeAll();
    fromChild.closeAll();
    return -1;
  }
  if (pid == 0) {
    ::dup2(toChild.rd, STDIN_FILENO);
    ::dup2(fromChild.wr, STDOUT_FILENO);
    toChild.closeAll();
    fromChild.closeAll();
    ::execl("/bin/sh", "sh", "-c", cmd, static_cast<char *>(nullptr));
    ::_exit(127);
  }
  toChild.closeRead();
  fromChild.closeWrite();
  bool fed = writeAll(toChild.wr, input);
  ::close(toChild.wr); // EOF for the child; toChild.wr still holds the number
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fromChild.rd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    output.append(buf, static_cast<std::size_t>(n));
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  fromChild.closeAll(); // OK: its write end went through closeWrite(), which reset it to -1
  toChild.closeAll(); // BUG: double-close #cleanup
  if (!fed)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
