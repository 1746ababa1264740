// Watches the directories of the tailed files with inotify and reports which
// tailed file changed. Runs its own thread.
#pragma once
#include "logship/fd_guard.h"

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace logship {

class Watcher {
public:
  using Callback = std::function<void(const std::string &path)>;

  explicit Watcher(Callback onChange);
  ~Watcher();
  Watcher(const Watcher &) = delete;
  Watcher &operator=(const Watcher &) = delete;

  /// Adds a file to watch (its directory is watched, so rotations are seen).
  bool add(const std::string &path);
  bool start();
  /// Idempotent; returns after the watcher thread has exited.
  void stop();
  bool running() const noexcept { return running_.load(); }

private:
  void run();
  void reinit();
  bool addLocked(const std::string &path);

  Callback onChange_;
  UniqueFd inotifyFd_;
  std::mutex mu_;
  std::set<std::string> files_;
  std::map<int, std::string> wdToDir_;
  std::thread thread_;
  std::atomic<bool> running_{false};
};

} // namespace logship
