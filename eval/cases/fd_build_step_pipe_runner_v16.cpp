// CI build agent: runs one build step under `sh -s` with the script fed
// through a stdin pipe and the output captured through a stdout pipe (output
// beyond a limit kills the step), probes tool versions through a small Pipe
// wrapper, and silences stderr with dup/dup2 while probing.
// Pipe semantics: closeRead()/closeWrite() close one end and set it to -1;
// the destructor closes whatever end is still open.
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static bool writeAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off); // SAME: trailingnl
    if (n < 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

class Pipe {
public:
  Pipe() {
    if (::pipe(fds_) != 0)
      fds_[0] = fds_[1] = -1;
  }
  ~Pipe() {
    closeRead();
    closeWrite();
  }
  Pipe(const Pipe &) = delete;
  Pipe &operator=(const Pipe &) = delete;
  int readEnd() const { return fds_[0]; }
  int writeEnd() const { return fds_[1]; }
  void closeRead() {
    if (fds_[0] >= 0) {
      ::close(fds_[0]);
      fds_[0] = -1;
    }
  }
  void closeWrite() {
    if (fds_[1] >= 0) {
      ::close(fds_[1]);
      fds_[1] = -1;
    }
  }

private:
  int fds_[2];
};

struct StepResult {
  int status = -1;
  std::string output;
  bool truncated = false;
};

StepResult runStep(const std::string &script, size_t maxOutput) {
  StepResult res;
  int in[2], out[2];
  if (::pipe(in) != 0)
    return res;
  if (::pipe(out) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    return res;
  }
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::close(in[0]);
    ::close(in[1]);
    ::close(out[0]);
    ::close(out[1]);
    ::execl("/bin/sh", "sh", "-s", static_cast<char *>(nullptr));
    _exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  writeAll(in[1], script);
  ::close(in[1]); // sh -s runs once it sees EOF
  if (!script.empty() && script.back() != '\n')
    writeAll(in[1], "\n"); // BUG: use-after-close #trailingnl

  char buf[4096];
  for (;;) {
    ssize_t n = ::read(out[0], buf, sizeof buf); // OK: only the write ends were closed
    if (n <= 0)
      break;
    res.output.append(buf, static_cast<size_t>(n));
    if (res.output.size() > maxOutput) {
      res.truncated = true;
      ::kill(pid, SIGKILL);
      ::close(out[0]);
      ::close(out[1]); // BUG: double-close
      break;
    }
  }
  if (!res.truncated)
    ::close(out[0]); // OK: the truncation path, which closed it, skips this
  ::waitpid(pid, &res.status, 0);
  return res;
}

std::string toolVersion(const char *tool) {
  int saved = ::dup(STDERR_FILENO);
  int devnull = ::open("/dev/null", O_WRONLY);
  if (devnull >= 0) {
    ::dup2(devnull, STDERR_FILENO);
    ::close(devnull);
  }
  std::string version;
  {
    Pipe p;
    pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(p.writeEnd(), STDOUT_FILENO);
      p.closeRead();
      p.closeWrite();
      ::execlp(tool, tool, "--version", static_cast<char *>(nullptr));
      _exit(127);
    }
    p.closeWrite();
    char buf[256];
    ssize_t n = ::read(p.readEnd(), buf, sizeof buf); // OK: only the write end was closed
    if (n > 0)
      version.assign(buf, static_cast<size_t>(n));
    if (pid > 0)
      ::waitpid(pid, nullptr, 0);
  } // OK: the destructor skips the write end closed above
  if (saved >= 0) {
    ::dup2(saved, STDERR_FILENO);
    ::close(saved);
  }
  const char note[] = "probed tool version\n";
  ::write(STDERR_FILENO, note, sizeof note - 1); // OK: fd 2 was restored by dup2 before saved was closed
  return version;
}

int main() {
  std::cout << toolVersion("cmake");
  StepResult small = runStep("echo building; echo done", 1 << 16);
  std::cout << small.output;
  StepResult noisy = runStep("yes compiling | head -c 200000", 4096);
  std::cout << "truncated=" << noisy.truncated << "\n";
  return 0;
}
