// Bowling centre: every lane has a scoring console (its own descriptor) and
// the front desk receives frame scores over a net::Connection. At closing
// time each lane console is told to shut down and closed, one per iteration;
// a game's feed is closed in the iteration that posts the tenth frame, which
// then leaves the loop. The league night export closes the shared score sheet
// inside the team loop instead of after it.
#include "netconn.h"

#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

struct Frame {
  int number = 1;
  int pins = 0;
  bool strike = false;
};

struct Lane {
  int number = 0;
  int consoleFd = -1;
  int gamesToday = 0;
};

struct Bowler {
  std::string name;
  int series = 0;
};

struct Team {
  std::string name;
  std::vector<Bowler> bowlers;
};

void closeLanesForNight(std::vector<Lane> &lanes, int deskFd) {
  static const char kOff[] = "POWER OFF\n";
  for (Lane &lane : lanes) {
    ::write(lane.consoleFd, kOff, sizeof kOff - 1);
    ::close(lane.consoleFd); // OK
    lane.consoleFd = -1;
    const std::string note =
        "lane " + std::to_string(lane.number) + " closed after " +
        std::to_string(lane.gamesToday) + " games\n";
    ::write(deskFd, note.data(), note.size()); // OK
  }
  ::close(deskFd);
}

void postFrames(net::Connection &desk, const std::vector<Frame> &frames) {
  for (const Frame &f : frames) {
    desk.send(std::to_string(f.number) + ":" + std::to_string(f.pins) +
              (f.strike ? "X" : "")); // OK
    if (f.number == 10) {
      desk.send("GAME OVER");
      desk.close();
      break;
    }
  }
}

void postFramesUntilDone(net::Connection &desk, const std::vector<Frame> &frames) {
  bool over = false;
  for (const Frame &f : frames) {
    if (over)
      continue;
    desk.send(std::to_string(f.number) + ":" + std::to_string(f.pins)); // OK
    if (f.number == 10) {
      desk.close();
      over = true;
    }
  }
}

void printTeamTotals(std::FILE *sheet, const std::vector<Team> &teams) {
  std::fprintf(sheet, "team,series\n");
  for (const Team &t : teams) {
    int total = 0;
    for (const Bowler &b : t.bowlers)
      total += b.series;
    std::fprintf(sheet, "%s,%d\n", t.name.c_str(), total); // BUG: use-after-close
    std::fclose(sheet); // BUG: double-close
  }
}
