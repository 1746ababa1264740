// Journal offset index on a plain descriptor: appends with write(), header updates with
// pwrite(), durability with fdatasync().
#include "journal_index.h"
#include "diagnostics.h"
#include "scope_exit.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <utility>

namespace farecol {
namespace {

bool writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool pwriteAll(int fd, const void *data, std::size_t len, off_t offset) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::pwrite(fd, p, len, offset);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    offset += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

} // namespace

JournalIndex::JournalIndex(Diagnostics &diag) : diag_(diag) {}

JournalIndex::~JournalIndex() {
  close(); // OK
}

Status JournalIndex::open(const std::string &path) {
  if (fd_ >= 0)
    return Status::invalid("journal index is already open");
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status::ioError(errno, path);

  IndexHeader header;
  const ssize_t n = ::pread(fd, &header, sizeof header, 0);
  if (n == 0) {
    if (!pwriteAll(fd, &header, sizeof header, 0)) {
      const int err = errno;
      ::close(fd);
      return Status::ioError(err, path);
    }
  } else if (n != static_cast<ssize_t>(sizeof header) ||
             std::memcmp(header.magic, IndexHeader().magic, sizeof header.magic) != 0) {
    ::close(fd);
    return Status::invalid("journal index header in " + path);
  }

  if (::lseek(fd, 0, SEEK_END) < 0) { // OK
    const int err = errno;
    ::close(fd);
    return Status::ioError(err, path);
  }
  fd_ = fd;
  path_ = path;
  header_ = header;
  diag_.info("journal index %s: %llu entries", path.c_str(), static_cast<unsigned long long>(header_.entries));
  return Status::success();
}

Status JournalIndex::record(std::uint64_t seq, std::int64_t offset) {
  if (fd_ < 0)
    return Status::closed("journal index");
  const IndexEntry entry{seq, offset};
  if (!writeAll(fd_, &entry, sizeof entry)) // OK
    return Status::ioError(errno, path_);
  ++header_.entries;
  return Status::success();
}

Status JournalIndex::recordEnd(std::int64_t offset) {
  if (fd_ < 0)
    return Status::closed("journal index");
  header_.lastSegmentEnd = offset;
  if (!pwriteAll(fd_, &header_, sizeof header_, 0))
    return Status::ioError(errno, path_);
  return Status::success();
}

Status JournalIndex::sync() {
  if (fd_ < 0)
    throw std::runtime_error("journal index closed: " + path_);
  if (::fdatasync(fd_) != 0)
    return Status::ioError(errno, path_);
  return Status::success();
}

void JournalIndex::close() {
  if (fd_ < 0)
    return;
  const int fd = std::exchange(fd_, -1);
  if (::close(fd) != 0 && errno == EINTR)
    ::close(fd); // OK
}

Status JournalIndex::rebuild(const std::string &path, const std::vector<IndexEntry> &entries) {
  const std::string tmp = path + ".rebuild";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return Status::ioError(errno, tmp);
  auto closeTmp = makeScopeExit([fd] { ::close(fd); }); // BUG: double-close

  IndexHeader header;
  header.entries = entries.size();
  if (!entries.empty())
    header.lastSegmentEnd = entries.back().offset;
  if (!writeAll(fd, &header, sizeof header))
    return Status::ioError(errno, tmp);
  for (const IndexEntry &entry : entries)
    if (!writeAll(fd, &entry, sizeof entry))
      return Status::ioError(errno, tmp);
  if (::fsync(fd) != 0)
    return Status::ioError(errno, tmp);
  if (::close(fd) != 0)
    return Status::ioError(errno, tmp);
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return Status::ioError(errno, path);
  diag_.info("journal index %s rebuilt with %zu entries", path.c_str(), entries.size());
  return Status::success();
}

} // namespace farecol
