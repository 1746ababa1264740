// Paintball arena scoreboard: the referee tablet pushes score frames to the
// scoreboard controller over a TCP socket, and announces games to the arena's
// PA controller over a net::Connection after a short greeting. A frame write
// that fails, or a greeting the PA controller does not acknowledge, tears the
// connection down inside the helper.
#include "netconn.h"

#include <string>
#include <sys/types.h>
#include <unistd.h>
#include <vector>

namespace paintball {

struct Team {
  std::string name;
  int flags;
  int eliminations;
};

struct Match {
  std::string arena;
  std::string field;
  std::vector<Team> teams;
  int minutesLeft;
};

bool ackReceived(net::Connection &pa);

std::string headerFrame(const Match &m) { return "FIELD " + m.field + " " + std::to_string(m.minutesLeft) + "\n"; }
std::string teamFrame(const Team &t) {
  return "TEAM " + t.name + " " + std::to_string(t.flags) + " " + std::to_string(t.eliminations) + "\n";
}
std::string hornFrame(const Match &m) { return "HORN " + m.field + "\n"; }

int sendFrame(int fd, const std::string &frame) {
  const ssize_t n = ::write(fd, frame.data(), frame.size());
  if (n != static_cast<ssize_t>(frame.size())) {
    ::close(fd);
    return -1;
  }
  return 0;
}

void pushScores(int fd, const Match &m) {
  if (sendFrame(fd, headerFrame(m)) < 0)
    return;
  for (const Team &t : m.teams)
    if (sendFrame(fd, teamFrame(t)) < 0) // OK
      return;
  ::close(fd); // OK
}

void soundHorn(int fd, const Match &m) {
  sendFrame(fd, hornFrame(m));
  ::close(fd); // BUG: double-close
}

bool greetPa(net::Connection &pa, const std::string &arena) {
  pa.send("HELLO " + arena);
  if (!ackReceived(pa)) {
    pa.close();
    return false;
  }
  return true;
}

void announceStart(net::Connection &pa, const Match &m) {
  if (!greetPa(pa, m.arena))
    return;
  pa.send("Game on, field " + m.field); // OK
  pa.flush();
}

void announceOvertime(net::Connection &pa, const Match &m) {
  greetPa(pa, m.arena);
  pa.send("Overtime on field " + m.field + ", sudden death"); // BUG: use-after-close
}

} // namespace paintball
