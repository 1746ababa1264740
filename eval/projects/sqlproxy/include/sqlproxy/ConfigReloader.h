// ConfigReloader: watches the configuration file with inotify (on its
// directory, so editors that write a new file and rename it are seen) and, when
// the file changes or requestReload() is called, parses it and hands the new
// ProxyConfig to every listener on the reloader's thread. A file that fails to
// parse or validate is reported and ignored.
//  - start() creates the inotify descriptor and starts the watcher thread.
//  - stop() joins the watcher thread and releases the inotify descriptor.
//  - the destructor calls stop().
#pragma once
#include "sqlproxy/ProxyConfig.h"
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sqlproxy {

class ConfigReloader {
public:
  using Listener = std::function<void(const ProxyConfig &)>;

  explicit ConfigReloader(std::string path);
  ~ConfigReloader();
  ConfigReloader(const ConfigReloader &) = delete;
  ConfigReloader &operator=(const ConfigReloader &) = delete;

  void start();
  void stop();
  void addListener(Listener listener);
  void requestReload();

private:
  void run();
  void rewatch();
  void reloadNow();

  const std::string path_;
  std::string dir_;
  std::string fileName_;
  int inotifyFd_ = -1;
  std::atomic<bool> running_{false};
  std::atomic<bool> reloadRequested_{false};
  std::mutex mu_;
  std::vector<Listener> listeners_;
  std::thread thread_;
};

} // namespace sqlproxy
