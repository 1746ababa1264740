// ConfigReloader: owns the current Config and watches its file.
//
// The constructor loads the file (throws if it is missing or invalid) and
// opens the change log. start() runs a watcher thread that polls the file's
// mtime; when it changes the file is parsed again and, if valid, becomes the
// current config: a line is appended to the change log, every listener
// registered with onReload() is called on the watcher thread, and the config
// is saved as "<path>.last-good". stop() stops and joins the watcher and closes
// the change log; it is idempotent, and the destructor calls it.
#pragma once
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <fstream>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mailq/config.h"

namespace mailq {

class ConfigReloader {
public:
  using Listener = std::function<void(const Config &)>;

  ConfigReloader(std::string path, const std::string &changelogPath,
                 std::chrono::seconds interval = std::chrono::seconds(5));
  ~ConfigReloader();
  ConfigReloader(const ConfigReloader &) = delete;
  ConfigReloader &operator=(const ConfigReloader &) = delete;

  Config current() const;
  void onReload(Listener listener);
  void start();
  void stop();

  static Config loadFile(const std::string &path);

private:
  void run();
  void checkOnce();
  void saveLastGood(const Config &c);

  const std::string path_;
  const std::chrono::seconds interval_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  Config current_;
  std::vector<Listener> listeners_;
  std::ofstream changelog_;
  std::time_t lastMtime_ = 0;
  std::thread watcher_;
  bool stopping_ = false;
};

} // namespace mailq
