// SpoolLock: flock()ed <spool>/.lock file holding the owner's pid and a
// heartbeat time (touch()).
// release() unlocks and closes the descriptor but, unlike acquire()'s error
// path, does not reset fd_ to -1.
// Bug (double-close) in the destructor: after SpoolReader::stop() has called
// release(), fd_ still holds the old number, so the destructor closes it
// again; by then the number may be a socket or a file another part of the
// gateway has opened, and that descriptor is the one that gets closed.
// Partner line of #spoolrelease: the close in release() races with the spool thread
// (SpoolReader::stop() releases before it joins), and the pwrite() in touch()
// is where that thread then writes to the released descriptor (BUG line in
// spool_reader.cpp); the fd_ < 0 guard does not help since release() leaves
// fd_ as it was.
#include "pushgw/spool_lock.h"

#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace pushgw {

SpoolLock::SpoolLock(const std::string &dir) : path_(dir + "/.lock") {}

SpoolLock::~SpoolLock() {
  if (fd_ >= 0)
    ::close(fd_); // SAME: lockdtor
}

bool SpoolLock::acquire() {
  if (fd_ >= 0)
    return true;
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    return false;
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    return false;
  }
  touch();
  return true;
}

void SpoolLock::touch() {
  if (fd_ < 0)
    return;
  char line[64];
  const int n = std::snprintf(line, sizeof line, "%10ld %20lld\n",
                              static_cast<long>(::getpid()),
                              static_cast<long long>(std::time(nullptr)));
  if (::pwrite(fd_, line, static_cast<std::size_t>(n), 0) < 0) // SAME: spoolrelease
    std::perror("spool lock heartbeat");
}

void SpoolLock::release() {
  if (fd_ < 0)
    return;
  ::flock(fd_, LOCK_UN);
  ::close(fd_); // SAME: spoolrelease
}

} // namespace pushgw
