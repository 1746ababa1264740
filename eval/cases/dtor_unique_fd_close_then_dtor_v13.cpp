// UniqueFd: a small owning descriptor wrapper with an explicit close() that
// returns ::close()'s result (on NFS that is where write-back errors show up)
// and a destructor that closes whatever is still owned. writeFileAtomic()
// writes a temp file, fsyncs, closes it explicitly and renames it; the upload
// workers call it from several threads.
//
// Bug: UniqueFd::close() forgets to reset fd_ to -1, so after
// writeFileAtomic() has closed the temp file explicitly, the destructor
// closes the same number again when the function returns. Another worker
// may have been given that number by open()/socket() in between, and its
// descriptor is closed under it.
// Correct lines: closeAndReport() release()s the descriptor before closing it, so
// its parameter's destructor sees -1; readWhole() relies on the destructor
// alone.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&) = delete;
  UniqueFd(const UniqueFd &) = delete;
  ~UniqueFd() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: fddtor
  }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  int close() {
    if (fd_ < 0)
      return 0;
    return ::close(fd_);
  }

private:
  int fd_;
};

static bool writeAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    off += static_cast<size_t>(n);
  }
  return true;
}

bool writeFileAtomic(const std::string &path, const std::string &data) {
  std::string tmp = path + ".XXXXXX";
  UniqueFd fd(::mkstemp(&tmp[0]));
  if (!fd)
    return false;
  if (!writeAll(fd.get(), data) || ::fsync(fd.get()) != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  if (fd.close() != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  return ::rename(tmp.c_str(), path.c_str()) == 0;
} // BUG: double-close #fddtor

bool readWhole(const std::string &path, std::string &out) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd)
    return false;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd.get(), buf, sizeof buf)) != 0) {
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    out.append(buf, static_cast<size_t>(n));
  }
  return true;
}

static UniqueFd openLog(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
  return fd;
}

// For descriptors whose close() error must be reported under a name.
static void closeAndReport(UniqueFd fd, const char *what) {
  int raw = fd.release();
  if (::close(raw) != 0) // OK: released first, the destructor sees -1
    std::perror(what);
}

int main() {
  UniqueFd log = openLog("upload.log");
  std::vector<std::thread> workers;
  for (int i = 0; i < 4; ++i)
    workers.emplace_back([i] {
      std::string body;
      if (readWhole("/etc/hostname", body))
        writeFileAtomic("out-" + std::to_string(i) + ".txt", body);
    });
  for (auto &t : workers)
    t.join();
  if (log && ::write(log.get(), "done\n", 5) == 5)
    closeAndReport(std::move(log), "upload.log");
  return 0;
}
