// JournalIndex: a 16-byte header followed by 16-byte slots (sequence,
// offset), little endian, one slot per journal record at a fixed position so
// a slot can be rewritten with pwrite(). fsync() runs every syncEvery_
// records; rebuild() writes a whole index to a temporary file and renames it.
#include "journal_index.h"

#include "defer.h"
#include "diag_log.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace {
constexpr char kHeader[16] = {'L', 'K', 'I', 'D', 'X', '0', '0', '1', 0, 0, 0, 0, 0, 0, 0, 0};
constexpr std::size_t kHeaderSize = sizeof kHeader;
constexpr std::size_t kSlotSize = 16;

void encodeSlot(unsigned char *slot, std::uint64_t sequence, std::uint64_t offset) {
  for (int i = 0; i < 8; ++i) {
    slot[i] = static_cast<unsigned char>(sequence >> (8 * i));
    slot[8 + i] = static_cast<unsigned char>(offset >> (8 * i));
  }
}

Status writeAll(int fd, const char *data, std::size_t len) {
  std::size_t done = 0;
  int stalls = 0;
  while (done < len) {
    const ssize_t n = ::write(fd, data + done, len - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN && ++stalls < 10) {
      ::usleep(1000);
      continue;
    }
    return Status::ioError("write", n < 0 ? errno : EIO);
  }
  return Status::success();
}
} // namespace

JournalIndex::JournalIndex(DiagLog &diag, unsigned syncEvery)
    : diag_(diag), syncEvery_(syncEvery == 0 ? 1 : syncEvery) {}

JournalIndex::~JournalIndex() {
  if (fd_ >= 0)
    close(); // OK
}

Status JournalIndex::open(const std::string &path) {
  if (fd_ >= 0)
    return Status::rejected("journal index " + path_ + " is already open");
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0)
    return Status::ioError("open " + path, errno);

  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return Status::ioError("stat " + path, err);
  }
  if (st.st_size == 0) {
    Status written = writeAll(fd, kHeader, kHeaderSize);
    if (written.failed()) {
      ::close(fd);
      return written;
    }
  }
  fd_ = fd;
  path_ = path;
  unsynced_ = 0;
  return Status::success();
}

Status JournalIndex::record(std::uint64_t sequence, std::uint64_t offset) {
  if (fd_ < 0)
    return Status::closed("journal index");

  unsigned char slot[kSlotSize];
  encodeSlot(slot, sequence, offset);
  const off_t at = static_cast<off_t>(kHeaderSize + sequence * kSlotSize);
  ssize_t n;
  do {
    n = ::pwrite(fd_, slot, sizeof slot, at); // OK
  } while (n < 0 && errno == EINTR);
  const int err = n < 0 ? errno : EIO;

  const bool failed = n != static_cast<ssize_t>(sizeof slot);
  if (failed) {
    diag_.warn("journal index %s: write failed (%s), index disabled until it is rebuilt",
               path_.c_str(), std::strerror(err));
    ::close(fd_);
  }
  if (failed || ++unsynced_ >= syncEvery_) {
    ::fsync(fd_); // BUG: use-after-close
    unsynced_ = 0;
  }
  if (failed) {
    fd_ = -1;
    return Status::ioError("pwrite " + path_, err);
  }
  return Status::success();
}

Status JournalIndex::sync() {
  if (fd_ < 0)
    return Status::closed("journal index");
  if (::fsync(fd_) != 0) // OK
    return Status::ioError("fsync " + path_, errno);
  unsynced_ = 0;
  return Status::success();
}

void JournalIndex::close() {
  if (fd_ < 0)
    throw std::logic_error("journal index already closed");
  const int fd = std::exchange(fd_, -1);
  if (unsynced_ > 0 && ::fsync(fd) != 0)
    diag_.warn("journal index %s: fsync on close failed: %s", path_.c_str(), std::strerror(errno));
  unsynced_ = 0;
  if (::close(fd) != 0 && errno == EINTR) {
    if (::close(fd) != 0 && errno != EBADF) // OK
      diag_.warn("journal index %s: close failed: %s", path_.c_str(), std::strerror(errno));
  }
}

Status JournalIndex::rebuild(const std::string &path, const std::vector<std::uint64_t> &offsets) {
  const std::string tmp = path + ".rebuild";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0)
    return Status::ioError("open " + tmp, errno);
  auto removeTmp = makeScopeExit([&tmp] { ::unlink(tmp.c_str()); });

  std::string image(kHeader, kHeaderSize);
  image.reserve(kHeaderSize + offsets.size() * kSlotSize);
  for (std::size_t seq = 0; seq < offsets.size(); ++seq) {
    unsigned char slot[kSlotSize];
    encodeSlot(slot, seq, offsets[seq]);
    image.append(reinterpret_cast<const char *>(slot), sizeof slot);
  }

  Status written = writeAll(fd, image.data(), image.size());
  if (written.failed()) {
    ::close(fd);
    return written;
  }
  if (::close(fd) != 0)
    return Status::ioError("close " + tmp, errno);
  if (::fsync(fd) != 0) // BUG: use-after-close
    return Status::ioError("fsync " + tmp, errno);
  if (::rename(tmp.c_str(), path.c_str()) != 0)
    return Status::ioError("rename " + tmp + " to " + path, errno);
  removeTmp.dismiss();
  return Status::success();
}
