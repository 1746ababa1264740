// SignalPipe: the self-pipe trick. The handler writes the signal number into
// a non-blocking pipe whose read end the server polls; the signals are only
// unblocked inside ppoll(), so the handler runs on the main thread.
#pragma once

#include <csignal>
#include <initializer_list>
#include <utility>
#include <vector>

namespace tilesrv {

class SignalPipe {
public:
  SignalPipe() = default;
  ~SignalPipe();

  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  void install(std::initializer_list<int> signals);
  int fd() const { return readFd_; }
  std::vector<int> drain();
  // Restores the previous handlers and closes the pipe; idempotent.
  void close();

private:
  int readFd_ = -1;
  int writeFd_ = -1;
  std::vector<std::pair<int, struct sigaction>> previous_;
};

} // namespace tilesrv
