// LockFile: see lock_file.h (release() idempotent; destructor calls it).
#include "backupd/lock_file.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <system_error>
#include <unistd.h>

namespace backupd {

LockFile::LockFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path_);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_); // OK: the constructor throws next, so the destructor never runs
    fd_ = -1;
    throw std::system_error(err, std::generic_category(), "another backupd holds " + path_);
  }
}

LockFile::~LockFile() { release(); }

void LockFile::release() {
  if (fd_ < 0)
    return;
  ::unlink(path_.c_str());
  ::close(fd_); // SAME: pid_lock
  fd_ = -1;
}

} // namespace backupd
