// A child process whose stdin and stdout are connected to pipes.
//
// writeInput() after closeInput() or terminate() throws
// std::logic_error("child stdin closed"); readOutput() and readAvailable()
// after terminate() throw std::logic_error("child stdout closed").
// closeInput() is idempotent (EOF on the child's stdin). terminate() kills
// the child, closes both pipe ends and reaps it; it is idempotent. wait()
// only reaps. The destructor closes the pipe ends that are still open and
// reaps a child that is still running. Not thread-safe: one thread drives a
// ChildProcess.
#pragma once
#include <cstddef>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ingestd {

class ChildProcess {
public:
  ChildProcess(std::string path, std::vector<std::string> args);
  ~ChildProcess();
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;

  bool spawn();
  void writeInput(const void *data, std::size_t len);
  void closeInput();
  bool readOutput(std::string &out, std::size_t len, int timeoutMs);
  std::size_t readAvailable(std::string &out);
  int stdoutFd() const { return outFd_; }
  int wait();
  void terminate();
  bool running();

private:
  std::string path_;
  std::vector<std::string> args_;
  pid_t pid_ = -1;
  int inFd_ = -1;
  int outFd_ = -1;
  int exitStatus_ = -1;
};

} // namespace ingestd
