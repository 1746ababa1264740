// A connection reaper retries close() once when it failed with EINTR or
// EWOULDBLOCK/EAGAIN, the pattern of code written for platforms where an
// interrupted close leaves the descriptor open. The second close runs only
// when the first reported failure; this suite does not count it as a double
// close (negative case).
#include <cerrno>
#include <unistd.h>

#include <vector>

void reap(const std::vector<int> &idle) {
  for (int fd : idle) {
    if (::close(fd) != 0 && errno == EINTR) {
      ::close(fd); // OK
    }
  }
}

int closeNonBlocking(int fd) {
  if (::close(fd) != 0 && (errno == EWOULDBLOCK || errno == EAGAIN)) {
    ::usleep(1000);
    return ::close(fd); // OK
  }
  return 0;
}
