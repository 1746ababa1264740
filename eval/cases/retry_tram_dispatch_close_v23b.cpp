// Tram dispatch: the depot controller keeps a non-blocking socket to each
// tram's onboard unit and writes passenger-information messages into a
// non-blocking pipe (wrapped in a FILE*) read by the station displays.
// close() and fclose() release the descriptor / stream even when they report
// an error, so a failed close must be logged, never retried.
// Defects: closeTramSocket() retries ::close() after EAGAIN/EWOULDBLOCK, and
// closeInfoStream() calls fclose() again after it failed with EAGAIN while
// flushing into the full pipe; both close the same object twice (and may close
// a descriptor another thread was just given).
// Correct: retrying a *write* that returned EAGAIN, and closeJournal(), which
// checks close()'s result, logs it and resets the descriptor.
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

void closeTramSocket(int fd, int tramNo) {
  if (::close(fd) != 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
    // Lingering data on a non-blocking socket: give the stack a moment.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (::close(fd) != 0) // BUG: double-close
      std::fprintf(stderr, "tram %d: close failed: %s\n", tramNo, std::strerror(errno));
  }
}

void closeInfoStream(std::FILE *displayPipe) {
  int tries = 0;
  while (std::fclose(displayPipe) == EOF) { // BUG: double-close
    if ((errno != EAGAIN && errno != EWOULDBLOCK) || ++tries == 3)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Writes all of msg to a non-blocking descriptor, waiting for POLLOUT when
// the socket buffer is full.
bool sendAll(int fd, const std::string &msg) {
  size_t off = 0;
  while (off < msg.size()) {
    ssize_t n = ::write(fd, msg.data() + off, msg.size() - off); // OK: a write retry, the descriptor stays open
    if (n > 0) {
      off += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      if (::poll(&p, 1, 1000) <= 0)
        return false;
      continue;
    }
    return false;
  }
  return true;
}

struct Journal {
  int fd = -1;
  std::string path;
};

void closeJournal(Journal &j) {
  if (j.fd < 0)
    return;
  if (::close(j.fd) != 0)
    std::fprintf(stderr, "journal %s: close reported %s, entries may be lost\n",
                 j.path.c_str(), std::strerror(errno));
  j.fd = -1;
}

void dispatchShiftEnd(int tramFd, int tramNo, std::FILE *displayPipe, Journal &journal) {
  if (sendAll(tramFd, "DEPOT RETURN\n"))
    std::fprintf(displayPipe, "Tram %d returning to depot\n", tramNo);
  else
    std::fprintf(displayPipe, "Tram %d not responding\n", tramNo);
  closeTramSocket(tramFd, tramNo);
  closeInfoStream(displayPipe);
  closeJournal(journal);
  closeJournal(journal); // OK: the first call reset fd to -1, this one returns early
}
