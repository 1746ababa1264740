// Print spooler: every print job is written to a spool file through FdHandle,
// a small RAII wrapper around a POSIX descriptor, and the finished spool files
// are queued for the printer backend. FdHandle's destructor closes the
// descriptor when it still holds one (fd_ >= 0). commit() syncs, closes and
// empties the handle; closeNow() closes without syncing but keeps the number,
// so the destructor closes it again, and any later use of get() is a use of a
// closed descriptor.
#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

class FdHandle {
public:
  explicit FdHandle(int fd) : fd_(fd) {}
  FdHandle(const FdHandle &) = delete;
  FdHandle &operator=(const FdHandle &) = delete;
  FdHandle(FdHandle &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  ~FdHandle() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: cancel_dtor
  }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }

  // Flushes the data to disk and closes; the handle is empty afterwards.
  int commit() {
    int rc = ::fsync(fd_);
    if (::close(fd_) != 0)
      rc = -1;
    fd_ = -1;
    return rc;
  }

  // Closes right away, without syncing (used when a job is cancelled).
  void closeNow() { ::close(fd_); }

private:
  int fd_;
};

struct PrintJob {
  std::string id;
  std::string owner;
  std::vector<std::string> pages;
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

class Spooler {
public:
  explicit Spooler(std::string dir) : dir_(std::move(dir)) {}

  bool spool(const PrintJob &job) {
    const std::string path = spoolPath(job);
    int rc = -1;
    {
      FdHandle out(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640));
      if (!out.valid())
        return false;
      bool written = writeAll(out.get(), "%!PS-Adobe-3.0\n%%For: " + job.owner + "\n");
      for (const std::string &page : job.pages)
        written = written && writeAll(out.get(), page);
      rc = out.commit();
      if (!written)
        rc = -1;
    } // OK: commit() emptied the handle, the destructor does not close again
    if (rc != 0)
      return false;
    ready_.push_back(path);
    return true;
  }

  // Keeps the spool file open and hands it to the backend, which streams
  // it to the printer later.
  void spoolForStreaming(const PrintJob &job) {
    const std::string path = spoolPath(job);
    FdHandle out(::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0640));
    if (!out.valid())
      return;
    writeAll(out.get(), "%!PS-Adobe-3.0\n");
    for (const std::string &page : job.pages)
      writeAll(out.get(), page);
    streaming_.push_back(std::move(out));
  } // OK: the moved-from handle is empty

  // Cancels a job that was already partly spooled: truncates and removes the
  // spool file and accounts the bytes that were thrown away.
  void cancel(const PrintJob &job) {
    const std::string path = spoolPath(job);
    FdHandle out(::open(path.c_str(), O_WRONLY));
    if (!out.valid())
      return;
    out.closeNow();
    ::unlink(path.c_str());
    struct stat st {};
    if (::fstat(out.get(), &st) == 0) // BUG: use-after-close
      cancelledBytes_ += st.st_size;
    ++cancelledJobs_;
  } // BUG: double-close #cancel_dtor

  size_t readyCount() const { return ready_.size(); }

private:
  std::string spoolPath(const PrintJob &job) const { return dir_ + "/" + job.id + ".ps"; }

  std::string dir_;
  std::vector<std::string> ready_;
  std::vector<FdHandle> streaming_;
  long long cancelledBytes_ = 0;
  int cancelledJobs_ = 0;
};

int main() {
  Spooler spooler("/var/spool/lpd/office-3");
  PrintJob invoice{"job-1001", "alice", {"%%Page: 1 1\nshowpage\n"}};
  PrintJob poster{"job-1002", "bob", {"%%Page: 1 1\nshowpage\n", "%%Page: 2 2\nshowpage\n"}};
  spooler.spool(invoice);
  spooler.spoolForStreaming(poster);
  spooler.cancel(invoice);
  return spooler.readyCount() > 0 ? 0 : 1;
}
