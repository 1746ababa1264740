// Laundromat: each dryer drum has a control descriptor (serial line to the
// drum's board), an stdio log of lint-filter weights and a cycle log stream.
// At closing time the attendant's console shuts every drum down; a late
// customer's cycle request can still arrive afterwards. Negative: shutDrum()
// resets each handle to its "closed" value (-1, nullptr, not is_open()) and
// every use checks that value first, so nothing is used or closed twice.
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace laundromat {

struct Drum {
  int number = 0;
  int ctl = -1;
  std::FILE *lint = nullptr;
  std::ofstream cycles;
};

void shutDrum(Drum &d) {
  if (d.ctl >= 0) {
    ::write(d.ctl, "STOP\n", 5);
    ::close(d.ctl);
    d.ctl = -1;
  }
  if (d.lint != nullptr) {
    std::fclose(d.lint);
    d.lint = nullptr;
  }
  if (d.cycles.is_open())
    d.cycles.close();
}

bool startCycle(Drum &d, int minutes) {
  if (d.ctl < 0)
    return false;
  char cmd[24];
  const int n = std::snprintf(cmd, sizeof cmd, "RUN %d\n", minutes);
  return ::write(d.ctl, cmd, static_cast<std::size_t>(n)) == n; // OK: checked ctl < 0 first
}

void noteLint(Drum &d, int grams) {
  if (!d.lint)
    return;
  std::fprintf(d.lint, "drum %d: %d g\n", d.number, grams); // OK
}

void logCycle(Drum &d, int minutes, bool paid) {
  const bool open = d.cycles.is_open();
  if (!open)
    return;
  d.cycles << d.number << ',' << minutes << ',' << (paid ? "paid" : "free") << '\n'; // OK
}

void closingTime(std::vector<Drum> &drums) {
  for (Drum &d : drums) {
    noteLint(d, 14);
    shutDrum(d);
  }
}

bool lateCustomer(std::vector<Drum> &drums, int minutes) {
  for (Drum &d : drums) {
    if (startCycle(d, minutes)) { // OK: returns false for a shut drum
      logCycle(d, minutes, true);
      return true;
    }
  }
  return false;
}

void nightlyReset(std::vector<Drum> &drums) {
  closingTime(drums);
  for (Drum &d : drums)
    shutDrum(d); // OK: shutDrum() skips handles it already reset
}

} // namespace laundromat
