// A forked build step with its output connected to pipes.
#pragma once
#include "buildfarm/unique_fd.h"

#include <chrono>
#include <string>
#include <sys/types.h>
#include <vector>

namespace buildfarm {

struct CommandSpec {
  std::vector<std::string> argv;
  std::vector<std::string> env; // empty: inherit the agent's environment
  std::string workdir;
  std::string stdinData;        // fed through a pipe when non-empty
  std::string stdinPath;        // or: a file to use as stdin
  std::chrono::seconds timeout{3600};
};

// spawn() forks and execs the command with stdout and stderr connected to
// pipes whose read ends the parent keeps (stdoutFd()/stderrFd()).
// closeStdout()/closeStderr() close one read end; terminate() kills the child
// (SIGKILL) and closes both read ends, after which the numbers returned by
// stdoutFd()/stderrFd() are no longer ours. Closing a read end twice is
// harmless. adoptStdin(fd) gives the child a descriptor to use as its stdin:
// ChildProcess takes ownership and closes it in the parent when spawn()
// returns, whether or not the fork succeeded. wait() reaps the child and
// returns its exit status (128+signal when killed).
class ChildProcess {
public:
  ChildProcess() = default;
  ~ChildProcess();
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;

  void adoptStdin(int fd);
  bool spawn(const CommandSpec &spec);
  int stdoutFd() const { return stdout_.get(); }
  int stderrFd() const { return stderr_.get(); }
  void closeStdout();
  void closeStderr();
  void terminate();
  int wait();
  pid_t pid() const { return pid_; }

private:
  pid_t pid_ = -1;
  int stdinFd_ = -1;
  UniqueFd stdout_;
  UniqueFd stderr_;
  bool reaped_ = false;
  int status_ = 0;
};

} // namespace buildfarm
