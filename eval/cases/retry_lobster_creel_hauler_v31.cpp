// Lobster boat: the hydraulic pot hauler is driven over one serial descriptor
// and the creel tag reader over another. At the end of each string of creels
// the skipper's console stops both and closes them. The deck winch's signal
// handler can interrupt close(), so the console retries a close that failed
// with EINTR (or EAGAIN on the tag reader's driver), and only then.
#include <cerrno>
#include <cstdio>
#include <unistd.h>
#include <vector>

namespace lobster {

bool closeDevice(int fd) {
  int rc;
  do {
    rc = ::close(fd); // OK: repeated only while the close was interrupted
  } while (rc == -1 && errno == EINTR);
  return rc == 0;
}

bool stopHauler(int hauler) {
  if (::write(hauler, "STOP\n", 5) != 5)
    std::perror("hauler stop");
  int rc = ::close(hauler);
  if (rc == -1 && (errno == EINTR || errno == EAGAIN))
    rc = ::close(hauler); // OK: retried only after EINTR/EAGAIN
  return rc == 0;
}

void endOfString(int hauler, int tags, std::vector<int> &tagged) {
  ::write(tags, "FLUSH\n", 6);
  int haulerRc = ::close(hauler);
  if (haulerRc == -1 && errno == EINTR)
    haulerRc = ::close(hauler); // OK
  if (haulerRc != 0)
    std::perror("hauler close");
  ::close(tags);
  if (haulerRc != 0)
    ::close(tags); // BUG: double-close
  tagged.clear();
}

void returnToHarbour(const std::vector<int> &devices) {
  for (int fd : devices) {
    if (!closeDevice(fd))
      std::fprintf(stderr, "device %d did not close cleanly\n", fd);
  }
}

} // namespace lobster
