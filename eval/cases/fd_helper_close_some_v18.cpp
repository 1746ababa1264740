// Spool writer for a log shipper. Records arrive length-prefixed on a pipe;
// pumpAndCloseInput() copies them into the spool file and closes the pipe's
// read end (the producer side is finished); the spool descriptor stays open
// for the caller. Defects: the cleanup in spoolOnce() tries to drain the pipe
// through drainLeftover() and then closes the read end again, although the
// helper already closed it.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

// Writes one length-prefixed record.
static bool writeRecord(int fd, const std::string &rec) {
  std::uint32_t len = static_cast<std::uint32_t>(rec.size());
  if (::write(fd, &len, sizeof len) != static_cast<ssize_t>(sizeof len))
    return false;
  return ::write(fd, rec.data(), rec.size()) == static_cast<ssize_t>(rec.size());
}

// Copies everything from `in` to `out` until end of file, then closes `in`.
// `out` is left open.
static bool pumpAndCloseInput(int in, int out, size_t *copied) {
  char buf[4096];
  bool good = true;
  for (;;) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n == 0)
      break;
    if (n < 0 || ::write(out, buf, static_cast<size_t>(n)) != n) {
      good = false;
      break;
    }
    *copied += static_cast<size_t>(n);
  }
  ::close(in);
  return good;
}

// Reads whatever is still buffered in the pipe and discards it.
static size_t drainLeftover(int fd) {
  char buf[512];
  size_t total = 0;
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) // SAME: drain_closed
    total += static_cast<size_t>(n);
  return total;
}

// Prints the descriptor number and the byte count; does not touch the fd.
static void logStats(const char *what, int fd, size_t bytes) {
  std::fprintf(stderr, "%s fd=%d bytes=%zu\n", what, fd, bytes);
}

static bool spoolOnce(const std::string &spoolPath,
                      const std::vector<std::string> &records) {
  int p[2];
  if (::pipe(p) != 0)
    return false;
  for (const std::string &r : records)
    writeRecord(p[1], r);
  ::close(p[1]);

  int out = ::open(spoolPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (out < 0) {
    ::close(p[0]);
    return false;
  }
  size_t copied = 0;
  bool good = pumpAndCloseInput(p[0], out, &copied);
  writeRecord(out, "END"); // OK: pumpAndCloseInput() closed only its input
  logStats("pipe", p[0], copied); // OK: only prints the number

  size_t extra = drainLeftover(p[0]); // BUG: use-after-close #drain_closed
  if (extra > 0)
    std::fprintf(stderr, "discarded %zu stray bytes\n", extra);
  ::close(p[0]); // BUG: double-close
  ::fsync(out);
  ::close(out);
  return good;
}

int main() {
  std::vector<std::string> records = {"2024-01-01T00:00:00Z service=api level=info",
                                      "2024-01-01T00:00:01Z service=api level=warn"};
  if (!spoolOnce("/var/spool/shipper/current.spool", records)) {
    std::fprintf(stderr, "spooling failed\n");
    return 1;
  }
  return 0;
}
