// TrendIndex: the per-day index file. Header "BMSDIDX1" + day number, then
// 24 fixed slots (hour key, record count, byte count), each written in place
// with pwrite().
#include "trend_index.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diagnostics.h"
#include "fd_io.h"

namespace bmsd {
namespace {
constexpr char kMagic[8] = {'B', 'M', 'S', 'D', 'I', 'D', 'X', '1'};
constexpr off_t kHeaderSize = 16;
constexpr off_t kSlotSize = 24;

void putU64(unsigned char *p, std::uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<unsigned char>(v & 0xff);
    v >>= 8;
  }
}
} // namespace

Status TrendIndex::open(const std::string &path) {
  UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644));
  if (!fd)
    return Status::error(Status::Code::IoError,
                         "open " + path + ": " + errnoText(errno));
  fd_ = std::move(fd);
  path_ = path;
  return writeHeaderIfNew();
}

Status TrendIndex::writeHeaderIfNew() {
  struct stat st {};
  if (::fstat(fd_.get(), &st) != 0) // OK
    return Status::error(Status::Code::IoError, "fstat " + path_ + ": " + errnoText(errno));
  if (st.st_size >= kHeaderSize)
    return Status::ok();
  unsigned char header[kHeaderSize] = {};
  std::memcpy(header, kMagic, sizeof kMagic);
  Status written = writeAll(fd_.get(), header, sizeof header); // OK
  if (!written.good())
    return written;
  return syncFd(fd_.get(), path_);
}

Status TrendIndex::record(long hourKey, std::uint64_t records, std::uint64_t bytes) {
  if (!fd_)
    return Status::error(Status::Code::Invalid, "trend index is closed");
  unsigned char slot[kSlotSize];
  putU64(slot, static_cast<std::uint64_t>(hourKey));
  putU64(slot + 8, records);
  putU64(slot + 16, bytes);
  const off_t offset = kHeaderSize + (hourKey % 24) * kSlotSize;
  return pwriteAll(fd_.get(), slot, sizeof slot, offset); // OK
}

Status TrendIndex::sync() {
  if (!fd_)
    return Status::ok();
  return syncFd(fd_.get(), path_); // OK
}

Status TrendIndex::rollover(const std::string &nextPath) {
  const int next = ::open(nextPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (next < 0)
    return Status::error(Status::Code::IoError,
                         "open " + nextPath + ": " + errnoText(errno));
  if (fd_ && ::fsync(fd_.get()) != 0) {
    diag_.warn("trend index %s: fsync failed (%s); closing it", path_.c_str(),
               std::strerror(errno));
    ::close(fd_.get());
  }
  fd_.reset(next); // BUG: double-close #index-reset
  path_ = nextPath;
  return writeHeaderIfNew();
}

void TrendIndex::close() {
  if (!fd_)
    return;
  Status synced = syncFd(fd_.get(), path_);
  if (!synced.good())
    diag_.warn("trend index: %s", synced.message().c_str());
  fd_.reset();
}

} // namespace bmsd
