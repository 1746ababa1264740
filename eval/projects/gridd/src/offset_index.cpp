// OffsetIndex: <dir>/<day>.idx, a header followed by fixed-size entries.
#include "offset_index.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

#include "fd_io.h"
#include "record_format.h"

OffsetIndex::OffsetIndex(std::string dir) : dir_(std::move(dir)) {}

std::string OffsetIndex::pathFor(const std::string &dayKey) const {
  return dir_ + "/" + dayKey + ".idx";
}

bool OffsetIndex::open(const std::string &dayKey) {
  Fd fd(::open(pathFor(dayKey).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
  if (!fd)
    return false;
  IndexHeader hdr{};
  const ssize_t n = ::pread(fd.get(), &hdr, sizeof hdr, 0);
  if (n == 0) {
    hdr = IndexHeader{kIndexMagic, 0, 0, 0};
    if (!pwriteAll(fd.get(), &hdr, sizeof hdr, 0))
      return false;
  } else if (n != static_cast<ssize_t>(sizeof hdr) || hdr.magic != kIndexMagic || hdr.sealed) {
    return false;
  }
  if (::lseek(fd.get(), 0, SEEK_END) < 0)
    return false;
  fd_ = std::move(fd);
  day_ = dayKey;
  entries_ = hdr.entries;
  return true;
}

bool OffsetIndex::add(const std::string &meterId, std::int64_t offset) {
  if (!fd_)
    return false;
  IndexEntry e;
  std::memset(&e, 0, sizeof e);
  std::strncpy(e.meterId, meterId.c_str(), sizeof e.meterId - 1);
  e.offset = offset;
  if (!writeAll(fd_.get(), &e, sizeof e)) // OK
    return false;
  ++entries_;
  return true;
}

bool OffsetIndex::sync() {
  if (!fd_)
    return true;
  const IndexHeader hdr{kIndexMagic, entries_, 0, 0};
  return pwriteAll(fd_.get(), &hdr, sizeof hdr, 0) && ::fdatasync(fd_.get()) == 0; // OK
}

bool OffsetIndex::seal() {
  if (!fd_)
    return true;
  const IndexHeader hdr{kIndexMagic, entries_, 1, 0};
  const int fd = fd_.get();
  if (!pwriteAll(fd, &hdr, sizeof hdr, 0) || ::fsync(fd) != 0) {
    const int err = errno;
    // A half-written index is worse than none: readers fall back to a scan.
    ::close(fd);
    ::unlink(pathFor(day_).c_str());
    fd_.reset(); // BUG: double-close #idx_seal
    errno = err;
    return false;
  }
  fd_.reset();
  return true;
}
