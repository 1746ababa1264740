// Tinsmith shop: runs the sheet-nesting optimizer as a child process, writes
// the part outlines to its stdin, closes that pipe so the optimizer sees EOF,
// and reads the cut layout from its stdout. Negative case: every descriptor
// is closed through close_fd(), which closes it once and sets it to -1, so the
// cleanup calls on already-closed ends do nothing, and each read/write uses a
// pipe end that is still open.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

struct PartOutline {
  std::string name;
  int width_mm;
  int height_mm;
  int quantity;
};

struct Pipe {
  int rd = -1;
  int wr = -1;
};

static void close_fd(int &fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

static bool make_pipe(Pipe &p) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return false;
  p.rd = fds[0];
  p.wr = fds[1];
  return true;
}

static bool write_all(int fd, const std::string &s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

bool run_nester(const char *exe, int sheet_w, int sheet_h,
                const std::vector<PartOutline> &parts, std::string &layout) {
  Pipe in, out;
  if (!make_pipe(in))
    return false;
  if (!make_pipe(out)) {
    close_fd(in.rd);
    close_fd(in.wr);
    return false;
  }

  pid_t pid = ::fork();
  if (pid < 0) {
    close_fd(in.rd);
    close_fd(in.wr);
    close_fd(out.rd);
    close_fd(out.wr);
    return false;
  }
  if (pid == 0) {
    ::dup2(in.rd, STDIN_FILENO);
    ::dup2(out.wr, STDOUT_FILENO);
    ::execl(exe, exe, "--format=csv", static_cast<char *>(nullptr));
    ::_exit(127);
  }

  close_fd(in.rd);
  close_fd(out.wr);

  bool ok = write_all(in.wr, "SHEET " + std::to_string(sheet_w) + " " + // OK
                                 std::to_string(sheet_h) + "\n");
  for (const PartOutline &part : parts) {
    if (!ok)
      break;
    ok = write_all(in.wr, part.name + " " + std::to_string(part.width_mm) + " " + // OK
                              std::to_string(part.height_mm) + " x" +
                              std::to_string(part.quantity) + "\n");
  }
  close_fd(in.wr);

  char buf[4096];
  for (;;) {
    ssize_t n = ::read(out.rd, buf, sizeof buf); // OK
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    layout.append(buf, static_cast<size_t>(n));
  }
  close_fd(out.rd);
  close_fd(in.wr); // OK

  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int count_layout_sheets(const std::string &layout) {
  int sheets = 0;
  size_t pos = 0;
  while ((pos = layout.find("SHEET", pos)) != std::string::npos) {
    ++sheets;
    pos += 5;
  }
  return sheets;
}
