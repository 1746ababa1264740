// SegmentIndex: 32-byte entries appended with write(2) under a mutex; the
// writer thread and the compactor both append to it.
#include "segment_index.h"

#include "log.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace histd {

void SegmentIndex::open(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
  if (!fd)
    throw std::system_error(errno, std::generic_category(), "open index " + path);
  std::lock_guard<std::mutex> lock(mu_);
  fd_ = std::move(fd);
  path_ = path;
}

bool SegmentIndex::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fd_.valid();
}

void SegmentIndex::requireOpen() const {
  if (!fd_)
    throw std::logic_error("segment index " + path_ + " is closed");
}

void SegmentIndex::writeEntry(const IndexEntry &entry) {
  const char *p = reinterpret_cast<const char *>(&entry);
  std::size_t left = sizeof entry;
  while (left > 0) {
    const ssize_t n = ::write(fd_.get(), p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "append to " + path_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

void SegmentIndex::append(const IndexEntry &entry) {
  std::lock_guard<std::mutex> lock(mu_);
  requireOpen();
  writeEntry(entry); // OK
}

void SegmentIndex::markCompacted(uint32_t segNo, uint64_t packedBytes) {
  IndexEntry entry;
  entry.segNo = segNo;
  entry.kind = IndexEntry::Compacted;
  entry.aux = packedBytes;
  std::lock_guard<std::mutex> lock(mu_);
  requireOpen();
  writeEntry(entry); // OK
}

void SegmentIndex::sync() {
  std::lock_guard<std::mutex> lock(mu_);
  requireOpen();
  if (::fsync(fd_.get()) != 0) // OK
    throw std::system_error(errno, std::generic_category(), "fsync " + path_);
}

void SegmentIndex::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!fd_)
    return;
  const int fd = fd_.release();
  if (::fsync(fd) != 0)
    log::warn("index %s: fsync failed: %s", path_.c_str(), std::strerror(errno));
  if (::close(fd) != 0) {
    log::warn("index %s: close failed (%s), retrying", path_.c_str(), std::strerror(errno));
    if (::close(fd) != 0) // BUG: double-close
      log::error("index %s: close failed again: %s", path_.c_str(), std::strerror(errno));
  }
}

namespace index_io {

std::vector<IndexEntry> readAll(int fd) {
  std::vector<IndexEntry> out;
  IndexEntry entry;
  off_t offset = 0;
  for (;;) {
    const ssize_t n = ::pread(fd, &entry, sizeof entry, offset);
    if (n < 0 && errno == EINTR)
      continue;
    if (n != static_cast<ssize_t>(sizeof entry))
      break;
    out.push_back(entry);
    offset += n;
  }
  return out;
}

} // namespace index_io
} // namespace histd
