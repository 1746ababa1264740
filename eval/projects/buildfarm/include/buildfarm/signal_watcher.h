// Turns process signals into callbacks on an ordinary thread.
#pragma once
#include "buildfarm/pipe_pair.h"

#include <functional>
#include <initializer_list>
#include <thread>

namespace buildfarm {

// Self-pipe: the signal handler writes the signal number into a pipe and
// the watcher thread reads it and calls the callback. start() creates the
// pipe, installs the handlers and starts the thread; stop() stops the
// thread and closes the pipe; stop() twice is harmless. One watcher per
// process.
class SignalWatcher {
public:
  using Callback = std::function<void(int signo)>;

  explicit SignalWatcher(Callback callback);
  ~SignalWatcher();

  bool start(std::initializer_list<int> signals);
  void stop();

private:
  void loop();

  Callback callback_;
  PipePair pipe_;
  std::thread thread_;
};

} // namespace buildfarm
