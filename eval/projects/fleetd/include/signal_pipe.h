// SignalPipe: the self-pipe trick. SIGTERM, SIGINT and SIGHUP handlers write
// the signal number into a pipe that the event loop polls.
#pragma once
#include <vector>

namespace fleetd {

class SignalPipe {
public:
  SignalPipe();
  ~SignalPipe();
  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  int readFd() const { return readFd_; }
  std::vector<int> drain();

private:
  int readFd_ = -1;
  int writeFd_ = -1;
};

} // namespace fleetd
