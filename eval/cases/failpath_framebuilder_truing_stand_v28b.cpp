// Bicycle frame builder's truing stand. The stand measures the dish and spoke
// lengths of a hand-built wheel and streams them to the workshop's records box
// over a socket descriptor. sendFrame() writes one frame and, when the write
// comes up short, closes the descriptor and returns -1; awaitAck() reads the
// box's acknowledgement and gives up through the [[noreturn]] bail() on a
// missing ack. reportRim() checks every helper result; reportWheel() was
// written for the old stand and sends the spoke table in one write.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

struct Spoke {
  int index;
  double lengthMm;
};

struct Wheel {
  std::string job;
  double dishMm;
  std::vector<Spoke> spokes;
};

static int sendFrame(int fd, const std::string &frame) {
  ssize_t n = ::write(fd, frame.data(), frame.size());
  if (n != static_cast<ssize_t>(frame.size())) {
    ::close(fd);
    return -1;
  }
  return 0;
}

[[noreturn]] static void bail(int fd, const char *why) {
  ::close(fd);
  std::fprintf(stderr, "truing stand: %s\n", why);
  std::exit(2);
}

static void awaitAck(int fd) {
  char ack = 0;
  if (::read(fd, &ack, 1) != 1 || ack != 'A')
    bail(fd, "records box did not acknowledge");
}

static std::string spokeFrame(const Spoke &s) {
  return "spoke " + std::to_string(s.index) + " " + std::to_string(s.lengthMm) + "\n";
}

int reportRim(int fd, const Wheel &w) {
  if (sendFrame(fd, "job " + w.job + "\n") < 0)
    return -1;
  if (sendFrame(fd, "dish " + std::to_string(w.dishMm) + "\n") < 0)
    return -1;
  for (const Spoke &s : w.spokes)
    if (sendFrame(fd, spokeFrame(s)) < 0)
      return -1;
  awaitAck(fd); // OK
  if (::write(fd, "done\n", 5) != 5) { // OK
    ::close(fd); // OK
    return -1;
  }
  return ::close(fd); // OK
}

int reportWheel(int fd, const Wheel &w) {
  sendFrame(fd, "job " + w.job + "\n");
  std::string body = "dish " + std::to_string(w.dishMm) + "\n";
  for (const Spoke &s : w.spokes)
    body += spokeFrame(s);
  if (::write(fd, body.data(), body.size()) < 0) // BUG: use-after-close
    std::perror("truing stand");
  return ::close(fd); // BUG: double-close
}
