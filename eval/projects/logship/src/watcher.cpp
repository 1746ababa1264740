// inotify-based change notification for the tailed files. The watcher thread
// blocks in read() on the inotify descriptor and calls back with the path of
// each tailed file that changed.
#include "logship/watcher.h"
#include "logship/log.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <sys/inotify.h>
#include <unistd.h>
#include <vector>

namespace logship {

namespace {
constexpr std::uint32_t kMask = IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE;

std::string dirOf(const std::string &path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
} // namespace

Watcher::Watcher(Callback onChange)
    : onChange_(std::move(onChange)), inotifyFd_(::inotify_init1(IN_CLOEXEC)) {
  if (!inotifyFd_)
    log_error("watcher: inotify_init1: %s", std::strerror(errno));
}

Watcher::~Watcher() { stop(); } // OK: stop() runs its body once (running_.exchange)

bool Watcher::add(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  files_.insert(path);
  return addLocked(path);
}

bool Watcher::addLocked(const std::string &path) {
  const std::string dir = dirOf(path);
  for (const auto &[wd, d] : wdToDir_)
    if (d == dir)
      return true; // directory already watched
  const int wd = ::inotify_add_watch(inotifyFd_.get(), dir.c_str(), kMask);
  if (wd < 0) {
    log_warn("watcher: cannot watch %s: %s", dir.c_str(), std::strerror(errno));
    return false;
  }
  wdToDir_[wd] = dir;
  return true;
}

bool Watcher::start() {
  if (!inotifyFd_ || running_.exchange(true))
    return false;
  thread_ = std::thread([this] { run(); });
  return true;
}

void Watcher::stop() {
  if (!running_.exchange(false))
    return;
  // Closing the descriptor wakes the thread blocked in read().
  inotifyFd_.reset(); // SAME: wake
  if (thread_.joinable())
    thread_.join();
}

void Watcher::reinit() {
  std::lock_guard<std::mutex> lk(mu_);
  log_warn("watcher: event queue overflowed, re-creating the inotify instance");
  ::close(inotifyFd_.get());
  inotifyFd_.reset(::inotify_init1(IN_CLOEXEC)); // BUG: double-close #rewatch
  wdToDir_.clear();
  for (const auto &path : files_)
    addLocked(path);
}

void Watcher::run() {
  alignas(struct inotify_event) char buf[16 * (sizeof(struct inotify_event) + NAME_MAX + 1)];
  while (running_) {
    const ssize_t n = ::read(inotifyFd_.get(), buf, sizeof buf); // BUG: use-after-close #wake
    if (n <= 0) {
      if (n < 0 && errno != EINTR && running_)
        log_warn("watcher: read: %s", std::strerror(errno));
      continue;
    }
    bool overflow = false;
    std::vector<std::string> changed;
    {
      std::lock_guard<std::mutex> lk(mu_);
      for (char *p = buf; p < buf + n;) {
        const auto *ev = reinterpret_cast<const struct inotify_event *>(p);
        p += sizeof(struct inotify_event) + ev->len;
        if (ev->mask & IN_Q_OVERFLOW) {
          overflow = true;
          break;
        }
        const auto it = wdToDir_.find(ev->wd);
        if (it == wdToDir_.end() || ev->len == 0)
          continue;
        const std::string path = it->second + "/" + ev->name;
        if (files_.count(path))
          changed.push_back(path);
      }
    }
    if (overflow) {
      reinit();
      std::lock_guard<std::mutex> lk(mu_);
      changed.assign(files_.begin(), files_.end()); // we may have missed anything
    }
    for (const auto &path : changed)
      onChange_(path);
  }
}

} // namespace logship
