// Self-pipe for signals: the handler writes the signal number into a pipe
// that the main loop polls.
#pragma once
#include "status.h"

#include <initializer_list>
#include <vector>

class SignalPipe {
public:
  SignalPipe();
  ~SignalPipe();
  SignalPipe(const SignalPipe &) = delete;
  SignalPipe &operator=(const SignalPipe &) = delete;

  Status install(std::initializer_list<int> signals);
  int readFd() const { return readFd_; }
  // Next pending signal number, or 0 when none is pending.
  int next();
  void close();
  bool isClosed() const { return closed_; }

private:
  int readFd_ = -1;
  int writeFd_ = -1;
  std::vector<int> installed_;
  bool closed_ = false;
};
