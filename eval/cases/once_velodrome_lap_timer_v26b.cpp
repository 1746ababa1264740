// Velodrome lap timing. The track's timing loop reports each rider's laps to
// the results board, writes one split file per heat, and runs a small state
// machine that closes the board feed at the end of a session. Negative case:
// every close inside a loop either leaves the loop, is followed by the loop's
// exit condition becoming true, or closes a handle opened in that same
// iteration.
#include "netconn.h"

#include <cstdio>
#include <string>
#include <vector>

namespace velodrome {

struct Lap {
  int rider = 0;
  long millis = 0;
  bool bell = false;
  bool finish = false;
};

void streamRace(net::Connection &board, const std::vector<Lap> &laps) {
  for (std::size_t i = 0;; ++i) {
    if (i == laps.size() || laps[i].finish) {
      board.flush();
      board.close(); // OK
      return;
    }
    board.send("lap " + std::to_string(laps[i].rider) + " " + std::to_string(laps[i].millis)); // OK
  }
}

void streamKeirin(net::Connection &board, const std::vector<Lap> &laps) {
  bool running = true;
  std::size_t i = 0;
  while (running && i < laps.size()) {
    const Lap &lap = laps[i++];
    board.send("keirin " + std::to_string(lap.rider)); // OK
    if (lap.finish) {
      board.close();
      running = false;
    }
  }
}

void writeHeatSplits(const std::vector<std::vector<Lap>> &heats) {
  for (std::size_t h = 0; h < heats.size(); ++h) {
    std::string path = "heat-" + std::to_string(h) + ".splits";
    FILE *out = std::fopen(path.c_str(), "w");
    if (!out)
      continue;
    for (const Lap &lap : heats[h])
      std::fprintf(out, "%d %ld\n", lap.rider, lap.millis);
    std::fclose(out); // OK
  }
}

enum class Phase { Warmup, Racing, Cooldown, Done };

void runSession(net::Connection &board, const std::vector<Lap> &laps) {
  Phase phase = Phase::Warmup;
  std::size_t i = 0;
  while (phase != Phase::Done) {
    switch (phase) {
    case Phase::Warmup:
      board.send("session open");
      phase = Phase::Racing;
      break;
    case Phase::Racing:
      if (i < laps.size()) {
        board.send("lap " + std::to_string(laps[i].millis)); // OK
        if (laps[i++].bell)
          board.send("bell"); // OK
      } else {
        phase = Phase::Cooldown;
      }
      break;
    case Phase::Cooldown:
      board.send("session closed");
      board.close();
      phase = Phase::Done;
      break;
    case Phase::Done:
      break;
    }
  }
}

} // namespace velodrome
