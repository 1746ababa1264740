// TripIndex: one line per finished trip file ("vin path start end bytes"),
// appended with write(2). When a generation grows past rollBytes a new one is
// started; compact() rewrites the current generation without expired entries.
#include "trip_index.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

#include "diagnostics.h"
#include "fd_util.h"
#include "locked_file.h"

namespace fleetd {

std::string formatIndexEntry(const IndexEntry &e) {
  return e.vin + " " + e.path + " " + std::to_string(e.startMs) + " " + std::to_string(e.endMs) +
         " " + std::to_string(e.bytes) + "\n";
}

TripIndex::TripIndex(std::string dir, std::size_t rollBytes, Diagnostics &diag)
    : dir_(std::move(dir)), rollBytes_(rollBytes), diag_(diag) {
  while (::access(pathFor(generation_ + 1).c_str(), F_OK) == 0)
    ++generation_;
  path_ = pathFor(generation_);
  std::string error;
  fd_ = openIndexFile(path_, error);
  if (fd_ < 0)
    throw std::runtime_error("cannot open trip index " + path_ + ": " + error);
  off_t size = ::lseek(fd_, 0, SEEK_END); // OK
  written_ = size > 0 ? static_cast<std::size_t>(size) : 0;
}

TripIndex::~TripIndex() {
  if (fd_ >= 0)
    syncAndClose(fd_, diag_, path_.c_str()); // OK
}

std::string TripIndex::pathFor(int generation) const {
  return dir_ + "/index." + std::to_string(generation);
}

void TripIndex::writeLine(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("trip index closed");
  if (!writeAll(fd_, line.data(), line.size())) // OK
    throw std::system_error(errno, std::generic_category(), "write " + path_);
  written_ += line.size();
}

void TripIndex::append(const IndexEntry &entry) {
  writeLine(formatIndexEntry(entry));
  entries_.push_back(entry);
  if (written_ >= rollBytes_)
    rollover();
}

void TripIndex::appendNote(const std::string &note) { writeLine("# " + note + "\n"); }

void TripIndex::rollover() {
  std::string nextPath = pathFor(generation_ + 1);
  std::string error;
  int next = openIndexFile(nextPath, error);
  if (next < 0) {
    diag_.printf("index rollover to %s failed: %s; staying on %s", nextPath.c_str(),
                 error.c_str(), path_.c_str());
    return;
  }
  if (!syncAndClose(fd_, diag_, path_.c_str())) {
    diag_.printf("index %s may be incomplete", path_.c_str());
    ::close(fd_); // BUG: double-close
  }
  fd_ = next;
  path_ = std::move(nextPath);
  ++generation_;
  written_ = 0;
  entries_.clear();
}

void TripIndex::compact(std::int64_t cutoffMs) {
  if (fd_ < 0)
    throw std::runtime_error("trip index closed");
  std::vector<IndexEntry> keep;
  std::copy_if(entries_.begin(), entries_.end(), std::back_inserter(keep),
               [cutoffMs](const IndexEntry &e) { return e.endMs >= cutoffMs; });
  if (keep.size() == entries_.size())
    return;
  std::string tmp = path_ + ".compact";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + tmp);
  std::size_t bytes = 0;
  {
    LockedFile locked(fd);
    for (const IndexEntry &e : keep) {
      std::string line = formatIndexEntry(e);
      if (!writeAll(fd, line.data(), line.size())) // OK
        throw std::system_error(errno, std::generic_category(), "write " + tmp);
      bytes += line.size();
    }
  }
  if (::fsync(fd) != 0) // BUG: use-after-close
    diag_.printf("index compaction: fsync %s failed: %s", tmp.c_str(), std::strerror(errno));
  if (::rename(tmp.c_str(), path_.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw std::system_error(err, std::generic_category(), "rename " + tmp);
  }
  std::string error;
  int fresh = openIndexFile(path_, error);
  if (fresh < 0)
    throw std::runtime_error("cannot reopen compacted index " + path_ + ": " + error);
  closeRetryingEintr(fd_);
  fd_ = fresh;
  written_ = bytes;
  entries_ = std::move(keep);
  diag_.printf("index %s compacted to %zu entries", path_.c_str(), entries_.size());
}

void TripIndex::close() {
  if (fd_ < 0)
    throw std::logic_error("trip index " + path_ + " already closed");
  int fd = fd_;
  fd_ = -1;
  if (!syncAndClose(fd, diag_, path_.c_str()))
    diag_.printf("index %s closed with errors", path_.c_str());
}

} // namespace fleetd
