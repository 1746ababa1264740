// JournalIndex: fixed-size entries (segment number, end offset) appended to
// an index file the plaza holds locked while it runs. Correct: open() closes
// the descriptor only on failure paths that return, the destructor's close()
// is a no-op after an explicit close(), and the second ::close() runs only
// when the first one was interrupted (EINTR).
#include "journal.h"

#include "file_util.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace toll {

JournalIndex::~JournalIndex() { (void)close(); } // OK: close() returns at once when fd_ is already -1

Result JournalIndex::open(const std::string &path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return Result::fromErrno("journal index: open " + path);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    Result r = Result::fromErrno("journal index " + path + " is locked (another plaza process?)");
    closeQuietly(fd);
    return r;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) { // OK: closeQuietly() above runs only on the lock failure path, which returns
    Result r = Result::fromErrno("journal index: fstat " + path);
    closeQuietly(fd);
    return r;
  }
  // Drop a torn last entry left by a crash in the middle of a write.
  const off_t keep = st.st_size - st.st_size % static_cast<off_t>(kEntrySize);
  if (keep != st.st_size && ::ftruncate(fd, keep) != 0) {
    Result r = Result::fromErrno("journal index: truncate " + path);
    closeQuietly(fd);
    return r;
  }
  if (::lseek(fd, keep, SEEK_SET) < 0) {
    Result r = Result::fromErrno("journal index: seek " + path);
    closeQuietly(fd);
    return r;
  }
  path_ = path;
  fd_ = fd;
  return Result::success();
}

Result JournalIndex::recordSegmentEnd(int segment, std::uint64_t bytes) {
  if (fd_ < 0)
    return Result::failure("journal index: not open");
  unsigned char entry[kEntrySize] = {};
  const std::uint64_t seg = static_cast<std::uint64_t>(segment);
  std::memcpy(entry, &seg, sizeof seg);
  std::memcpy(entry + 8, &bytes, sizeof bytes);
  if (::write(fd_, entry, sizeof entry) != static_cast<ssize_t>(sizeof entry))
    return Result::fromErrno("journal index: write");
  return Result::success();
}

Result JournalIndex::sync() {
  if (fd_ < 0)
    return Result::failure("journal index: not open");
  if (::fdatasync(fd_) != 0)
    return Result::fromErrno("journal index: fdatasync");
  return Result::success();
}

Result JournalIndex::close() {
  if (fd_ < 0)
    return Result::success();
  const int fd = fd_;
  fd_ = -1;
  int rc = ::close(fd);
  if (rc != 0 && errno == EINTR)
    rc = ::close(fd); // OK: retried only when the first close was interrupted
  if (rc != 0 && errno != EINTR)
    return Result::fromErrno("journal index: close " + path_);
  return Result::success();
}

} // namespace toll
