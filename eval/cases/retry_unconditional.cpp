// Beside the retry idiom, a teardown that "retries" unconditionally: it logs
// a failed close and then closes again whatever the first call returned. When
// the first close succeeded, the second closes a descriptor that is already
// closed, possibly one reused by another thread (bug). The guarded retry in
// the same file is not counted (negative).
#include <cerrno>
#include <cstdio>
#include <unistd.h>

void closeLogged(int fd) {
  if (::close(fd) != 0)
    std::perror("close");
  ::close(fd); // BUG: double-close
}

void closeRetried(int fd) {
  if (::close(fd) != 0 && errno == EINTR)
    ::close(fd); // OK
}
