// ConfigWatcher: reports changes to files in the configuration directory.
//
// start() creates an inotify descriptor watching the directory (files closed
// after writing, or moved in) and a thread that polls it and calls
// onChange(fullPath) for each event. stop() clears the running flag, joins
// the thread and then closes the inotify descriptor. The destructor calls
// stop().
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace iotbridge {

class ConfigWatcher {
 public:
  using OnChange = std::function<void(const std::string& path)>;

  ConfigWatcher(std::string dir, OnChange onChange);
  ~ConfigWatcher();
  ConfigWatcher(const ConfigWatcher&) = delete;
  ConfigWatcher& operator=(const ConfigWatcher&) = delete;

  bool start();
  void stop();

 private:
  void run();

  const std::string dir_;
  OnChange onChange_;
  int inotifyFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

}  // namespace iotbridge
