// Self-pipe for signal handling: the handler writes the signal number into
// the pipe, wait() reads it on the main thread. wait() after close() throws
// std::logic_error("signal pipe closed"); close() is idempotent. Only one
// SignalPipe may be open per process.
#pragma once
#include <initializer_list>
#include <vector>

namespace ingestd {

class SignalPipe {
public:
  SignalPipe() = default;
  ~SignalPipe();
  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  bool open(std::initializer_list<int> signals);
  // Blocks until a signal arrives and returns its number.
  int wait();
  void close();

private:
  int readFd_ = -1;
  int writeFd_ = -1;
  bool closed_ = false;
  std::vector<int> signals_;
};

} // namespace ingestd
