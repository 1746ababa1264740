#include "buildfarm/pipe_pair.h"
#include "buildfarm/io_helpers.h"

#include <fcntl.h>
#include <unistd.h>

namespace buildfarm {

PipePair::~PipePair() {
  closeRead(); // OK: no-op for an end already closed or released
  closeWrite(); // OK: no-op for an end already closed or released
}

bool PipePair::open() {
  closeRead();
  closeWrite();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return false;
  fds_[0] = fds[0];
  fds_[1] = fds[1];
  return true;
}

void PipePair::closeRead() { closeQuietly(fds_[0]); }

void PipePair::closeWrite() { closeQuietly(fds_[1]); }

int PipePair::releaseRead() {
  const int fd = fds_[0];
  fds_[0] = -1;
  return fd;
}

int PipePair::releaseWrite() {
  const int fd = fds_[1];
  fds_[1] = -1;
  return fd;
}

} // namespace buildfarm
