// A helper that closes the element at an offset of its index parameter
// (`traps.at(static_cast<size_t>(box - 1))`) closes, for its caller, the
// element at the caller's argument offset the same way: `scratchBox(t, 4)`
// closes t[3], and `scratchBox(t, n)` t[n - 1], also inside a container
// found by key (`card.at(race)`). A helper using every element then meets
// the closed one; one that skips the elements flagged scratched does not,
// nor does a use of another element or a close of every element that
// skips the flagged ones.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>
#include <unordered_map>
#include <vector>

struct TrapBox {
  int fd = -1;
  bool scratched = false;
};
using TrapCard = std::unordered_map<int, std::vector<TrapBox>>;

void scratchBox(std::vector<TrapBox> &traps, int box) {
  TrapBox &t = traps.at(static_cast<size_t>(box - 1));
  ::close(t.fd);
  t.scratched = true;
}
void springAll(std::vector<TrapBox> &traps) {
  for (auto &t : traps)
    ::write(t.fd, "O", 1);
}
void springRunners(std::vector<TrapBox> &traps) {
  for (auto &t : traps) {
    if (t.scratched)
      continue;
    ::write(t.fd, "O", 1);
  }
}
void finishRace(std::vector<TrapBox> &traps) {
  for (auto &t : traps) {
    if (!t.scratched)
      ::close(t.fd);
    t.fd = -1;
  }
}

void raceWithScratch(TrapCard &card, int race, int box) {
  std::vector<TrapBox> &traps = card.at(race);
  scratchBox(traps, box);
  springAll(traps);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'springAll' uses 'traps[...].fd' that may have been closed
}

void raceWithFourthScratched(TrapCard &card, int race) {
  std::vector<TrapBox> &traps = card.at(race);
  scratchBox(traps, 4);
  springRunners(traps);
  ::write(traps.at(4).fd, "R", 1);
  ::write(traps.at(3).fd, "R", 1);
  // CHECK: :[[@LINE-1]]:3: warning: call to 'write' on 'traps.at(3).fd' after it was closed
  finishRace(traps);
}
