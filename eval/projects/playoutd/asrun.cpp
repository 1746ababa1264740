// AsrunWriter: appends one tab-separated line per aired item to the hourly
// as-run file; rotate() seals the hour (fsync + close) and opens the next.
// Correct as written: append() checks the descriptor under the lock, and
// close() swaps it out before closing, so a second close() finds -1.
#include "asrun.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/types.h>
#include <unistd.h>
#include <utility>

AsrunWriter::AsrunWriter(std::string directory)
    : directory_(std::move(directory)) {}

AsrunWriter::~AsrunWriter() { close(); }

bool AsrunWriter::open(const std::string &hourStamp) {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ >= 0)
    return true;
  return openLocked(hourStamp);
}

bool AsrunWriter::openLocked(const std::string &hourStamp) {
  path_ = directory_ + "/asrun-" + hourStamp + ".log";
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  return fd_ >= 0;
}

void AsrunWriter::append(const AsrunEntry &entry) {
  const std::string line =
      entry.stamp + '\t' + entry.source + '\t' + entry.item + '\n';
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0)
    throw std::runtime_error("as-run log closed: " + path_);
  const ssize_t n = ::write(fd_, line.data(), line.size()); // OK: fd_ checked under the lock
  if (n != static_cast<ssize_t>(line.size()))
    throw std::runtime_error("as-run short write on " + path_ + ": " +
                             std::strerror(errno));
}

bool AsrunWriter::rotate(const std::string &nextStamp) {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ >= 0) {
    ::fsync(fd_);
    ::close(fd_);
    fd_ = -1;
  }
  return openLocked(nextStamp);
}

void AsrunWriter::close() {
  std::lock_guard<std::mutex> lock(mu_);
  const int fd = std::exchange(fd_, -1);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd); // OK: the destructor's second close() finds -1
  }
}

bool AsrunWriter::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fd_ >= 0;
}

int AsrunWriter::nativeHandle() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fd_;
}

std::string AsrunWriter::currentPath() const {
  std::lock_guard<std::mutex> lock(mu_);
  return path_;
}
