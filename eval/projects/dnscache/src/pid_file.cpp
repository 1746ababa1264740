// flock()ed pid file held for the daemon's lifetime.
#include "dnscache/pid_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "dnscache/fd_util.h"
#include "dnscache/logging.h"

namespace dnscache {

PidFile::PidFile(std::string path) : path_(std::move(path)) {}

PidFile::~PidFile() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: pidfd
}

bool PidFile::acquire() {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    logError("pid file %s: %s", path_.c_str(), std::strerror(errno));
    return false;
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    logError("pid file %s is locked: is another dnscache running?", path_.c_str());
    closeQuietly(fd_);
    return false;
  }
  const std::string pid = std::to_string(static_cast<long>(::getpid())) + "\n";
  if (::ftruncate(fd_, 0) != 0 ||
      ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    logError("pid file %s: cannot write: %s", path_.c_str(), std::strerror(errno));
    closeAndReset(fd_);
    return false;
  }
  return true;
}

void PidFile::release() {
  if (fd_ < 0)
    return;
  ::unlink(path_.c_str());
  closeAndReset(fd_);
}

} // namespace dnscache
