// Spool-directory ingestion. A small ScopeExit helper closes descriptors on
// every exit path of copyFile(); DirWatcher owns an inotify descriptor and a
// thread that reports new files in the spool directory until stop().
#include <atomic>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <functional>
#include <stdexcept>
#include <string>
#include <sys/inotify.h>
#include <thread>
#include <unistd.h>
#include <utility>

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};

static bool writeAll(int fd, const char *data, ssize_t len) {
  while (len > 0) {
    const ssize_t n = ::write(fd, data, static_cast<size_t>(len));
    if (n < 0)
      return false;
    data += n;
    len -= n;
  }
  return true;
}

// Copies src to dst; reports a failed close of dst, since on NFS that is
// where a failed write shows up.
bool copyFile(const std::string &src, const std::string &dst) {
  const int in = ::open(src.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return false;
  ScopeExit closeIn([in] { ::close(in); });
  const int out = ::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0)
    return false;
  ScopeExit closeOut([out] {
    ::close(out); // SAME: outguard
  });
  char buf[65536];
  ssize_t n;
  while ((n = ::read(in, buf, sizeof buf)) > 0)
    if (!writeAll(out, buf, n)) // OK: out is closed only when the function exits
      return false;
  if (n < 0)
    return false;
  return ::close(out) == 0;
} // BUG: double-close #outguard

// Opens a file and hands the descriptor to the caller; the guard only fires
// on the error paths.
int openForIngest(const std::string &path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ScopeExit guard([fd] { ::close(fd); });
  char magic[4];
  if (::read(fd, magic, sizeof magic) != static_cast<ssize_t>(sizeof magic))
    return -1;
  if (::lseek(fd, 0, SEEK_SET) != 0)
    return -1;
  guard.dismiss();
  return fd; // OK: dismissed guard, the caller owns fd
}

class DirWatcher {
public:
  DirWatcher(const std::string &dir, std::function<void(const std::string &)> onFile)
      : onFile_(std::move(onFile)) {
    fd_ = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (fd_ < 0)
      throw std::runtime_error("inotify_init1 failed");
    if (::inotify_add_watch(fd_, dir.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO) < 0) {
      ::close(fd_); // OK: the constructor throws, so the destructor never runs
      throw std::runtime_error("cannot watch " + dir);
    }
    thread_ = std::thread([this] { loop(); });
  }

  ~DirWatcher() {
    stop();
    ::close(fd_); // SAME: watchdtor
  }

  // Clears running_ to end the loop; the descriptor is released right away
  // so the kernel stops queueing events for a watcher that is going away.
  void stop() {
    running_ = false;
    ::close(fd_); // SAME: wakeup
    if (thread_.joinable())
      thread_.join();
  }

private:
  void loop() {
    alignas(inotify_event) char buf[4096];
    while (running_) {
      const ssize_t n = ::read(fd_, buf, sizeof buf); // BUG: use-after-close #wakeup
      if (n <= 0) { // EAGAIN: nothing queued (the descriptor is non-blocking)
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      for (ssize_t off = 0; off < n;) {
        const auto *ev = reinterpret_cast<const inotify_event *>(buf + off);
        if (ev->len > 0)
          onFile_(ev->name);
        off += static_cast<ssize_t>(sizeof(inotify_event) + ev->len);
      }
    }
  }

  int fd_ = -1;
  std::atomic<bool> running_{true};
  std::function<void(const std::string &)> onFile_;
  std::thread thread_;
};

void ingestSpool(const std::string &dir, const std::atomic<bool> &quit) {
  DirWatcher watcher(dir, [&dir](const std::string &name) {
    const int fd = openForIngest(dir + "/" + name);
    if (fd >= 0)
      ::close(fd); // OK: openForIngest dismissed its guard before returning fd
  });
  while (!quit.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
} // BUG: double-close #watchdtor

int main() {
  std::atomic<bool> quit{false};
  std::thread stopper([&quit] {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    quit = true;
  });
  ingestSpool("/var/spool/ingest", quit);
  stopper.join();
  copyFile("/etc/hostname", "/tmp/hostname.copy");
  return 0;
}
