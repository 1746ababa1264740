// Aquaponics farm pump controller link. The grow-bed pumps and the fish-tank
// aerators are driven over a serial line (a file descriptor). sendFrame() and
// readAck() close the descriptor when the line fails and return -1, so the
// caller never has to clean up after them. The line is opened non-blocking,
// so drainInput() only discards what is already buffered. The day program, the
// night schedule and the aerator self-test are built on these helpers.
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <poll.h>
#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

namespace aquaponics {

struct PumpSlot {
  int bed = 0;
  int startMinute = 0;
  int runMinutes = 0;
};

static std::string frameFor(const PumpSlot &s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "P%02d %04d %03d\r\n", s.bed, s.startMinute,
                s.runMinutes);
  return buf;
}

static int sendFrame(int fd, const std::string &frame) {
  std::size_t off = 0;
  while (off < frame.size()) {
    ssize_t n = ::write(fd, frame.data() + off, frame.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      ::close(fd);
      return -1;
    }
    off += static_cast<std::size_t>(n);
  }
  return 0;
}

static void drainInput(int fd) {
  char junk[64];
  while (::read(fd, junk, sizeof junk) > 0) { // SAME: night_drain
  }
}

static int readAck(int fd, int timeoutMs) {
  pollfd p{fd, POLLIN, 0};
  int ready = ::poll(&p, 1, timeoutMs);
  char c = 0;
  if (ready <= 0 || ::read(fd, &c, 1) != 1 || c != '\x06') {
    ::close(fd);
    return -1;
  }
  return 0;
}

bool runDayProgram(int fd, const std::vector<PumpSlot> &slots) {
  drainInput(fd);
  if (sendFrame(fd, "MODE DAY\r\n") < 0)
    return false;
  for (const PumpSlot &s : slots) {
    if (sendFrame(fd, frameFor(s)) < 0)
      return false;
    if (readAck(fd, 500) < 0)
      return false;
  }
  if (sendFrame(fd, "COMMIT\r\n") < 0) // OK
    return false;
  ::close(fd); // OK
  return true;
}

void pushNightSchedule(int fd, const std::vector<PumpSlot> &slots) {
  sendFrame(fd, "MODE NIGHT\r\n");
  drainInput(fd); // BUG: use-after-close #night_drain
  std::string batch;
  for (const PumpSlot &s : slots)
    batch += frameFor(s);
  if (::write(fd, batch.data(), batch.size()) < 0) // BUG: use-after-close
    std::perror("night schedule");
  ::close(fd); // BUG: double-close
}

int testAerators(int fd, int aerators) {
  int passed = 0;
  for (int a = 0; a < aerators; ++a) {
    std::string cmd = "A" + std::to_string(a) + " TEST\r\n";
    if (sendFrame(fd, cmd) < 0)
      return passed;
    if (readAck(fd, 2000) != 0) {
      ::close(fd); // BUG: double-close
      return passed;
    }
    ++passed;
  }
  char bye[] = "BYE\r\n";
  if (::write(fd, bye, sizeof bye - 1) < 0) // OK
    std::perror("aerator link");
  ::close(fd); // OK
  return passed;
}

} // namespace aquaponics
