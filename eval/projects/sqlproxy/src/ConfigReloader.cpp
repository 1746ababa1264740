// ConfigReloader: inotify-driven configuration reload.
#include "sqlproxy/ConfigReloader.h"

#include <cstdio>
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace sqlproxy {

namespace {
constexpr uint32_t kWatchMask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE;
}

ConfigReloader::ConfigReloader(std::string path) : path_(std::move(path)) {
  const auto slash = path_.rfind('/');
  dir_ = slash == std::string::npos ? "." : path_.substr(0, slash == 0 ? 1 : slash);
  fileName_ = slash == std::string::npos ? path_ : path_.substr(slash + 1);
}

ConfigReloader::~ConfigReloader() { stop(); }

void ConfigReloader::start() {
  if (running_.load())
    return;
  inotifyFd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotifyFd_ >= 0 && ::inotify_add_watch(inotifyFd_, dir_.c_str(), kWatchMask) < 0)
    std::perror("sqlproxy: inotify_add_watch");
  // Without inotify we still serve requestReload() (admin RELOAD).
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void ConfigReloader::stop() {
  running_ = false;
  if (thread_.joinable())
    thread_.join();
  ::close(inotifyFd_); // SAME: reload_dtor
}

void ConfigReloader::addListener(Listener listener) {
  std::lock_guard<std::mutex> lk(mu_);
  listeners_.push_back(std::move(listener));
}

void ConfigReloader::requestReload() { reloadRequested_ = true; }

void ConfigReloader::run() {
  alignas(inotify_event) char buf[4096];
  while (running_.load()) {
    pollfd p{inotifyFd_, POLLIN, 0};
    const int n = ::poll(&p, 1, 250);
    bool changed = reloadRequested_.exchange(false);
    bool lostWatch = false;
    if (n > 0 && (p.revents & POLLIN)) {
      const ssize_t len = ::read(inotifyFd_, buf, sizeof buf);
      for (ssize_t off = 0; len > 0 && off < len;) {
        const auto *ev = reinterpret_cast<const inotify_event *>(buf + off);
        if (ev->mask & IN_IGNORED)
          lostWatch = true;
        else if (ev->len > 0 && fileName_ == ev->name)
          changed = true;
        off += static_cast<ssize_t>(sizeof(inotify_event) + ev->len);
      }
    }
    if (lostWatch) {
      rewatch();
      changed = true;
    }
    if (changed)
      reloadNow();
  }
}

void ConfigReloader::rewatch() {
  // The watched directory went away (a config volume swapped underneath us,
  // for instance). Start over with a fresh inotify instance.
  ::close(inotifyFd_);
  inotifyFd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotifyFd_ < 0)
    return;
  if (::inotify_add_watch(inotifyFd_, dir_.c_str(), kWatchMask) < 0) // OK: inotifyFd_ is the instance created just above
    std::perror("sqlproxy: inotify_add_watch");
}

void ConfigReloader::reloadNow() {
  ProxyConfig cfg;
  try {
    cfg = ProxyConfig::load(path_);
    cfg.validate();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "sqlproxy: config reload rejected: %s\n", e.what());
    return;
  }
  std::vector<Listener> listeners;
  {
    std::lock_guard<std::mutex> lk(mu_);
    listeners = listeners_;
  }
  for (const Listener &l : listeners) {
    try {
      l(cfg);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "sqlproxy: applying reloaded config failed: %s\n", e.what());
    }
  }
  std::fprintf(stderr, "sqlproxy: configuration reloaded from %s\n", path_.c_str());
}

} // namespace sqlproxy
