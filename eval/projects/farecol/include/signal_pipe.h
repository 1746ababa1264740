// Self-pipe for signals: the handler writes the signal number into a non-blocking pipe
// that the main loop polls. The pipe stays open for the life of the process.
#pragma once
#include <initializer_list>
#include <vector>

namespace farecol {

class SignalPipe {
public:
  static SignalPipe &instance();

  bool install(std::initializer_list<int> signals);
  int readFd() const { return readFd_; }
  std::vector<int> drain();

private:
  SignalPipe() = default;

  int readFd_ = -1;
  int writeFd_ = -1;
};

} // namespace farecol
