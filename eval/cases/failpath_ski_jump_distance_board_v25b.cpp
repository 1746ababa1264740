// Ski jump competition results. After every jump the measured distance goes
// to the hill's distance board over a serial line (a file descriptor) and
// the wind/gate compensation goes to the scoring system over a
// net::Connection. sendDistance() closes the serial line when a write fails
// and returns -errno; sendCompensation() voids the jump and closes the
// scoring session when the wind data is unusable, returning false.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

#include "netconn.h"

struct Jump {
  int bib = 0;
  std::string athlete;
  double distanceM = 0.0;
  double windMs = 0.0;
  int gate = 0;
};

int sendDistance(int fd, const Jump &jump) {
  char line[64];
  int n = std::snprintf(line, sizeof line, "D%03d %6.1f\r\n", jump.bib,
                        jump.distanceM);
  if (::write(fd, line, static_cast<std::size_t>(n)) != n) {
    int err = errno ? errno : EIO;
    ::close(fd);
    return -err;
  }
  return 0;
}

bool sendCompensation(net::Connection &scoring, const Jump &jump) {
  if (std::isnan(jump.windMs) || jump.gate <= 0) {
    scoring.send("VOID " + std::to_string(jump.bib));
    scoring.close();
    return false;
  }
  double windPts = -jump.windMs * (jump.windMs > 0 ? 10.8 : 13.0);
  scoring.send("COMP " + std::to_string(jump.bib) + " gate=" +
               std::to_string(jump.gate) + " wind=" + std::to_string(windPts));
  return true;
}

// Competition round: a broken board line stops the round for the
// technical delegate.
int publishRound(int boardFd, net::Connection &scoring,
                 const std::vector<Jump> &jumps) {
  for (const Jump &jump : jumps) {
    int rc = sendDistance(boardFd, jump);
    if (rc < 0)
      return rc;
    if (!sendCompensation(scoring, jump))
      return -EPROTO;
    scoring.flush(); // OK
  }
  ::write(boardFd, "END\r\n", 5); // OK
  return 0;
}

// Trial round: results are informative; the board line is released when
// the round is over or the board stops answering.
void publishTrialRound(int boardFd, const std::vector<Jump> &jumps) {
  std::size_t shown = 0;
  for (const Jump &jump : jumps) {
    if (sendDistance(boardFd, jump) < 0)
      break;
    ++shown;
  }
  std::fprintf(stderr, "trial round: %zu of %zu on the board\n", shown,
               jumps.size());
  ::close(boardFd); // BUG: double-close
}

// Training jumps: only the compensation goes out.
void publishTraining(net::Connection &scoring, const std::vector<Jump> &jumps) {
  for (const Jump &jump : jumps) {
    if (!sendCompensation(scoring, jump)) {
      std::fprintf(stderr, "bib %d: no wind data, training stopped\n", jump.bib);
      return;
    }
    scoring.send("TRAINING " + jump.athlete); // OK
  }
  scoring.flush(); // OK
}

void publishFinalJump(net::Connection &scoring, const Jump &jump) {
  sendCompensation(scoring, jump);
  scoring.send("FINAL " + jump.athlete); // BUG: use-after-close
  scoring.flush();
}
