// SignalPipe: the self-pipe through which SIGINT/SIGTERM/SIGHUP/SIGUSR1 reach
// the main loop. The handler writes the signal number to the pipe; the main
// loop polls readFd() and drain()s it.
#pragma once
#include <initializer_list>
#include <vector>

namespace bmsd {

class SignalPipe {
public:
  static SignalPipe &install(std::initializer_list<int> signals);
  ~SignalPipe();
  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  int readFd() const { return fds_[0]; }
  std::vector<int> drain();
  // Stops signals from reaching the main loop during shutdown.
  void closeWriteEnd();

private:
  SignalPipe();

  int fds_[2] = {-1, -1};
};

} // namespace bmsd
