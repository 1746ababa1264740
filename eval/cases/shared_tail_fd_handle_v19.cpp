// Log tailer of a shipping agent. FdHandle shares one POSIX descriptor among
// several owners through a shared_ptr<int> whose deleter closes it, so the
// descriptor is closed exactly once, when the last owner lets go. Readers
// copy the handle; the rotation watcher drops its copy when the file is
// rotated; the progress reporter keeps only a weak reference.
// Negative case: nothing calls close() on the descriptor directly, every
// read goes through an owner that is still alive (or through a weak_ptr that
// was successfully locked, which keeps the descriptor open while it is used).
#include <fcntl.h>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

class FdHandle {
public:
  FdHandle() = default;
  static FdHandle openRead(const std::string &path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return FdHandle();
    return FdHandle(std::shared_ptr<int>(new int(fd), [](int *p) {
      ::close(*p);
      delete p;
    }));
  }
  bool valid() const { return static_cast<bool>(fd_); }
  int get() const { return *fd_; }
  void reset() { fd_.reset(); }
  std::weak_ptr<int> weak() const { return fd_; }

private:
  explicit FdHandle(std::shared_ptr<int> fd) : fd_(std::move(fd)) {}
  std::shared_ptr<int> fd_;
};

class ChunkReader {
public:
  explicit ChunkReader(FdHandle h) : h_(std::move(h)) {}
  ssize_t readChunk(char *buf, size_t len) { return ::read(h_.get(), buf, len); }

private:
  FdHandle h_;
};

class RotationWatcher {
public:
  RotationWatcher(std::string path, FdHandle h) : path_(std::move(path)), h_(std::move(h)) {}
  // Returns true when the path now names a different file than the one held.
  bool rotated() {
    struct stat onDisk {}, held {};
    if (!h_.valid() || ::stat(path_.c_str(), &onDisk) != 0 || ::fstat(h_.get(), &held) != 0)
      return false;
    if (onDisk.st_ino == held.st_ino)
      return false;
    h_.reset();
    return true;
  }

private:
  std::string path_;
  FdHandle h_;
};

long offsetOf(const std::weak_ptr<int> &weakFd) {
  std::shared_ptr<int> fd = weakFd.lock();
  if (!fd)
    return -1;
  return static_cast<long>(::lseek(*fd, 0, SEEK_CUR)); // OK: the locked copy keeps the descriptor open
}

long tailOnce(const std::string &path, char *buf, size_t len) {
  FdHandle h = FdHandle::openRead(path);
  if (!h.valid())
    return -1;
  ChunkReader reader(h);
  RotationWatcher watcher(path, h);
  std::weak_ptr<int> progress = h.weak();
  h.reset();
  long total = 0;
  for (;;) {
    ssize_t n = reader.readChunk(buf, len); // OK: the reader still owns a copy
    if (n <= 0)
      break;
    total += n;
    if (watcher.rotated()) {
      // The watcher dropped its copy; drain what is left of the old file.
      n = reader.readChunk(buf, len); // OK: the reader's copy is still alive
      if (n > 0)
        total += n;
      break;
    }
  }
  long off = offsetOf(progress);
  return off >= 0 ? off : total;
}
