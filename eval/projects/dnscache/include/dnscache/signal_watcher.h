// Self-pipe signal handling.
#pragma once
#include <atomic>
#include <csignal>
#include <functional>
#include <thread>

namespace dnscache {

/// The async handler writes the signal number into a pipe; the watcher thread
/// reads it and runs the callbacks (SIGHUP: reload, SIGUSR1: reopen logs,
/// SIGTERM/SIGINT: terminate). stop() wakes and joins the thread, closes the
/// pipe and restores the previous handlers; it is idempotent and the
/// destructor calls it.
class SignalWatcher {
public:
  struct Callbacks {
    std::function<void()> onReload;
    std::function<void()> onTerminate;
    std::function<void()> onReopenLogs;
  };

  explicit SignalWatcher(Callbacks callbacks);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher &) = delete;
  SignalWatcher &operator=(const SignalWatcher &) = delete;

  bool start();
  void stop();

private:
  void run();
  void installHandlers();
  void restoreHandlers();

  Callbacks callbacks_;
  int readFd_ = -1;
  int writeFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
  struct sigaction oldHup_ {};
  struct sigaction oldTerm_ {};
  struct sigaction oldInt_ {};
  struct sigaction oldUsr1_ {};
};

} // namespace dnscache
