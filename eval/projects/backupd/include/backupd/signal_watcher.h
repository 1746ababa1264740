// SignalWatcher: self-pipe signal delivery. start(cb) creates the pipe,
// installs the handlers (which write the signal number into the pipe) and
// starts a thread that reads signal numbers and calls cb. The signals are
// blocked in every thread of the daemon (main() blocks them before any thread
// starts) and unblocked only on the watcher thread, so the handlers only ever
// run on that thread. stop() stops the thread, restores the handlers and
// closes both pipe ends; it is idempotent and the destructor calls it.
#pragma once
#include <atomic>
#include <functional>
#include <thread>

namespace backupd {

class SignalWatcher {
public:
  using Callback = std::function<void(int)>;

  SignalWatcher() = default;
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher &) = delete;
  SignalWatcher &operator=(const SignalWatcher &) = delete;

  void start(Callback callback);
  void stop();

private:
  void loop();
  void installHandlers();
  void restoreHandlers();

  Callback callback_;
  int readFd_ = -1;
  int writeFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace backupd
