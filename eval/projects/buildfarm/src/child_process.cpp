#include "buildfarm/child_process.h"
#include "buildfarm/io_helpers.h"
#include "buildfarm/pipe_pair.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

namespace buildfarm {
namespace {

std::vector<char *> toArgv(const std::vector<std::string> &args) {
  std::vector<char *> out;
  out.reserve(args.size() + 1);
  for (const std::string &a : args)
    out.push_back(const_cast<char *>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

// Closes the adopted stdin descriptor in the parent when spawn() returns.
struct AdoptedStdin {
  int &fd;
  ~AdoptedStdin() {
    if (fd >= 0) {
      ::close(fd);
      fd = -1;
    }
  }
};

} // namespace

ChildProcess::~ChildProcess() {
  // Our read ends go first, so a child blocked on a full pipe gets EPIPE.
  stdout_.close(); // OK: no-op when terminate() or closeStdout() already ran
  stderr_.close(); // OK: no-op when terminate() or closeStderr() already ran
  if (pid_ > 0 && !reaped_) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  if (stdinFd_ >= 0)
    ::close(stdinFd_); // OK: only when spawn() never ran and so never closed it
}

void ChildProcess::adoptStdin(int fd) {
  if (stdinFd_ >= 0 && stdinFd_ != fd)
    ::close(stdinFd_);
  stdinFd_ = fd;
}

bool ChildProcess::spawn(const CommandSpec &spec) {
  AdoptedStdin adopted{stdinFd_};
  if (spec.argv.empty() || pid_ > 0)
    return false;

  PipePair out, err, in;
  if (!out.open() || !err.open())
    return false;
  const bool feedStdin = stdinFd_ < 0 && !spec.stdinData.empty();
  if (feedStdin && !in.open())
    return false;

  std::vector<char *> argv = toArgv(spec.argv);
  std::vector<char *> envp = toArgv(spec.env);
  const pid_t pid = ::fork();
  if (pid < 0) {
    std::perror("buildfarm: fork");
    return false;
  }
  if (pid == 0) {
    // Child: async-signal-safe calls only until exec. The pipe ends carry
    // O_CLOEXEC, so only the dup2() copies survive the exec.
    if (stdinFd_ >= 0)
      ::dup2(stdinFd_, STDIN_FILENO);
    else if (feedStdin)
      ::dup2(in.readFd(), STDIN_FILENO);
    ::dup2(out.writeFd(), STDOUT_FILENO);
    ::dup2(err.writeFd(), STDERR_FILENO);
    if (!spec.workdir.empty() && ::chdir(spec.workdir.c_str()) != 0)
      ::_exit(126);
    if (spec.env.empty())
      ::execvp(argv[0], argv.data());
    else
      ::execvpe(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }

  pid_ = pid;
  reaped_ = false;
  out.closeWrite();
  err.closeWrite();
  stdout_.reset(out.releaseRead()); // OK: takes the read end; only the write end was closed
  stderr_.reset(err.releaseRead()); // OK: takes the read end; only the write end was closed

  if (feedStdin) {
    in.closeRead();
    int inFd = in.releaseWrite();
    if (!writeAll(inFd, spec.stdinData)) {
      // The child exited without reading all of its input; its exit status
      // will tell why, so this is not a spawn failure.
      std::fprintf(stderr, "buildfarm: child %d did not read its input\n",
                   static_cast<int>(pid_));
      ::close(inFd);
    }
    ::close(inFd); // BUG: double-close
  }
  return true;
}

void ChildProcess::closeStdout() { stdout_.close(); }

void ChildProcess::closeStderr() { stderr_.close(); }

void ChildProcess::terminate() {
  if (pid_ > 0 && !reaped_)
    ::kill(pid_, SIGKILL);
  stdout_.close();
  stderr_.close();
}

int ChildProcess::wait() {
  if (pid_ <= 0)
    return -1;
  if (!reaped_) {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0) {
      if (errno != EINTR)
        return -1;
    }
    status_ = status;
    reaped_ = true;
  }
  if (WIFEXITED(status_))
    return WEXITSTATUS(status_);
  if (WIFSIGNALED(status_))
    return 128 + WTERMSIG(status_);
  return -1;
}

} // namespace buildfarm
