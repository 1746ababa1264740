// State persistence for a small daemon: a PID lock file and atomic snapshot
// files, using a UniqueFd RAII wrapper that closes its descriptor in the
// destructor. writeSnapshot() keeps the raw descriptor number and calls
// fsync() on it after the UniqueFd block ended (the descriptor is closed, so
// the snapshot is never synced and the function always reports failure), and
// appendJournal() closes the descriptor by hand while the UniqueFd still owns
// it, so the destructor closes it a second time. acquirePidLock() hands the
// descriptor over with release(), which is correct.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdio>
#include <string>

// Owns one descriptor. The destructor and reset() close it; release() gives
// the descriptor up without closing it.
class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept {
    reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // SAME: journal_twice
    fd_ = fd;
  }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

static bool writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0)
      return false;
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

// Returns the descriptor that holds the lock, or -1. The caller keeps it open
// for the lifetime of the process.
int acquirePidLock(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
  if (!fd)
    return -1;
  if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0)
    return -1;
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd.get(), 0) != 0 || !writeAll(fd.get(), pid))
    return -1;
  return fd.release();
}

// Writes the snapshot to <path>.tmp, syncs it and renames it into place.
bool writeSnapshot(const std::string &path, const std::string &data) {
  const std::string tmp = path + ".tmp";
  int raw = -1;
  {
    UniqueFd out(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
    if (!out)
      return false;
    raw = out.get();
    if (!writeAll(raw, data)) // OK: out still owns the open descriptor
      return false;
  }
  if (::fsync(raw) != 0) // BUG: use-after-close
    return false;
  return ::rename(tmp.c_str(), path.c_str()) == 0;
}

// Appends one line to the journal and reports close errors (NFS reports
// deferred write errors only at close).
bool appendJournal(const std::string &path, const std::string &line) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
  if (!fd)
    return false;
  bool written = writeAll(fd.get(), line + "\n");
  if (::close(fd.get()) != 0)
    return false;
  return written;
} // BUG: double-close #journal_twice

int main() {
  int lockFd = acquirePidLock("/run/statekeeper.pid");
  if (lockFd < 0) {
    std::fprintf(stderr, "another instance is running\n");
    return 1;
  }
  appendJournal("/var/lib/statekeeper/journal", "startup");
  if (!writeSnapshot("/var/lib/statekeeper/state", "{\"epoch\": 42}\n"))
    std::fprintf(stderr, "snapshot failed\n");

  UniqueFd lock(lockFd);
  UniqueFd moved = std::move(lock);
  ::fsync(moved.get()); // OK: release() and the move hand the descriptor on without closing it
  return 0;
}
