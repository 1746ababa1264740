// ConfigWatcher: inotify-based change notifications for the config directory
// (contract in config_watcher.h).
#include "iotbridge/config_watcher.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "iotbridge/log.h"

namespace iotbridge {

ConfigWatcher::ConfigWatcher(std::string dir, OnChange onChange)
    : dir_(std::move(dir)), onChange_(std::move(onChange)) {}

ConfigWatcher::~ConfigWatcher() { stop(); }

bool ConfigWatcher::start() {
  if (running_) return true;
  int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0) {
    IOTB_LOG(Error, "watcher", "inotify_init1: " << std::strerror(errno));
    return false;
  }
  if (::inotify_add_watch(fd, dir_.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO) < 0) {
    IOTB_LOG(Error, "watcher", "cannot watch " << dir_ << ": " << std::strerror(errno));
    ::close(fd);
    return false;
  }
  inotifyFd_ = fd;
  running_ = true;
  thread_ = std::thread([this] { run(); });
  IOTB_LOG(Info, "watcher", "watching " << dir_);
  return true;
}

void ConfigWatcher::stop() {
  running_ = false;
  if (thread_.joinable()) thread_.join();
  if (inotifyFd_ >= 0) {
    ::close(inotifyFd_);  // SAME: watchdtor
  }
}

void ConfigWatcher::run() {
  alignas(inotify_event) char buf[4096];
  while (running_) {
    pollfd pfd{inotifyFd_, POLLIN, 0};
    int ready = ::poll(&pfd, 1, 250);  // OK: stop() joins this thread before it closes the descriptor
    if (ready <= 0) continue;

    ssize_t len = ::read(inotifyFd_, buf, sizeof buf);  // OK: same descriptor, still open while we run
    if (len <= 0) continue;

    for (char* p = buf; p < buf + len;) {
      const auto* event = reinterpret_cast<const inotify_event*>(p);
      p += sizeof(inotify_event) + event->len;
      if (event->len == 0 || event->name[0] == '.') continue;  // editors' temp files
      const std::string path = dir_ + "/" + event->name;
      try {
        onChange_(path);
      } catch (const std::exception& e) {
        IOTB_LOG(Warn, "watcher", "handler for " << path << " failed: " << e.what());
      }
    }
  }
}

}  // namespace iotbridge
