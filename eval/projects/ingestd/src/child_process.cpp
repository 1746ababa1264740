// ChildProcess: a child with pipes on stdin and stdout.
#include "ingestd/child_process.h"
#include "ingestd/io_util.h"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace ingestd {
namespace {

void closePipe(int p[2]) {
  ::close(p[0]); // SAME: pipe_err
  ::close(p[1]);
}

} // namespace

ChildProcess::ChildProcess(std::string path, std::vector<std::string> args)
    : path_(std::move(path)), args_(std::move(args)) {}

ChildProcess::~ChildProcess() {
  if (inFd_ >= 0)
    ::close(inFd_); // OK: closeInput() and terminate() leave inFd_ at -1
  if (outFd_ >= 0)
    ::close(outFd_); // SAME: thumb_fd
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
}

bool ChildProcess::spawn() {
  int in[2];
  int out[2];
  if (::pipe(in) != 0)
    return false;
  if (::pipe(out) != 0) {
    closePipe(in);
    return false;
  }
  std::vector<char *> argv;
  argv.push_back(const_cast<char *>(path_.c_str()));
  for (std::string &a : args_)
    argv.push_back(&a[0]);
  argv.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) {
    closePipe(in);
    closePipe(out);
    return false;
  }
  if (pid == 0) {
    // Child: the pipes become stdin/stdout; nothing else stays open.
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    closePipe(in);
    closePipe(out);
    ::execv(path_.c_str(), argv.data());
    ::_exit(127);
  }

  // Parent keeps the write end of the child's stdin and the read end of its stdout.
  ::close(in[0]);
  ::close(out[1]);
  // A hung encoder must never block the worker on a full pipe.
  if (!io::setNonBlocking(in[1]) || !io::setCloexec(in[1]) || !io::setCloexec(out[0])) {
    closePipe(in); // BUG: double-close #pipe_err
    ::close(out[0]);
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return false;
  }
  pid_ = pid;
  inFd_ = in[1];
  outFd_ = out[0];
  return true;
}

void ChildProcess::writeInput(const void *data, std::size_t len) {
  if (inFd_ < 0)
    throw std::logic_error("child stdin closed");
  if (!io::writeAll(inFd_, data, len))
    throw std::runtime_error("write to " + path_ + " failed");
}

void ChildProcess::closeInput() { io::closeAndReset(inFd_); }

bool ChildProcess::readOutput(std::string &out, std::size_t len, int timeoutMs) {
  if (outFd_ < 0)
    throw std::logic_error("child stdout closed");
  out.resize(len);
  if (len == 0)
    return true;
  return io::readExact(outFd_, &out[0], len, timeoutMs); // OK: outFd_ checked just above
}

std::size_t ChildProcess::readAvailable(std::string &out) {
  if (outFd_ < 0)
    throw std::logic_error("child stdout closed");
  char buf[4096];
  std::size_t total = 0;
  for (;;) {
    pollfd pfd{outFd_, POLLIN, 0};
    if (::poll(&pfd, 1, 0) <= 0)
      break;
    ssize_t n = ::read(outFd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    out.append(buf, static_cast<std::size_t>(n));
    total += static_cast<std::size_t>(n);
  }
  return total;
}

int ChildProcess::wait() {
  if (pid_ <= 0)
    return exitStatus_;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return exitStatus_;
}

void ChildProcess::terminate() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    exitStatus_ = 128 + SIGKILL;
  }
  io::closeAndReset(inFd_); // OK: a no-op when closeInput() already ran
  io::closeAndReset(outFd_);
}

bool ChildProcess::running() {
  if (pid_ <= 0)
    return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == 0)
    return true;
  pid_ = -1;
  exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return false;
}

} // namespace ingestd
