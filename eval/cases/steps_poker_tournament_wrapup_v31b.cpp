// Card room poker tournament wrap-up: the floor software builds its list of
// wrap-up steps (std::function) and runs them in order. The seat waiting
// list is closed by one step, the payout slip printer's FILE* by another
// (which nulls it), and the tournament clock display's channel by the last.
// The re-entry step was appended after the step that closes the waiting
// list.
#include "messaging.h"

#include <cstdio>
#include <deque>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace poker {

class WaitingList {
public:
  void add(const std::string &player) {
    if (closed_)
      throw std::runtime_error("waiting list closed");
    players_.push_back(player);
  }
  void close() {
    closed_ = true;
    players_.clear();
  }
  bool isClosed() const { return closed_; }

private:
  std::deque<std::string> players_;
  bool closed_ = false;
};

struct Tournament {
  WaitingList waitlist;
  EventChannel clock;
  std::FILE *payouts = nullptr;
  std::string chipLeader;
};

std::vector<std::function<void()>> wrapUpSteps(Tournament &t) {
  std::vector<std::function<void()>> steps;
  steps.push_back([&t] {
    t.waitlist.add("cash game seat for " + t.chipLeader); // OK: before the close step
  });
  steps.push_back([&t] { t.waitlist.close(); });
  steps.push_back([&t] {
    t.clock.send("winner: " + t.chipLeader); // OK: the clock closes in the last step
  });
  steps.push_back([&t] {
    std::fputs("payouts settled\n", t.payouts);
    std::fclose(t.payouts);
    t.payouts = nullptr;
  });
  steps.push_back([&t] {
    if (t.payouts)
      std::fputs("late bounty\n", t.payouts); // OK: nulled after fclose
  });
  steps.push_back([&t] {
    t.waitlist.add("re-entry: " + t.chipLeader); // BUG: use-after-close
  });
  steps.push_back([&t] {
    if (!t.waitlist.isClosed())
      t.waitlist.add("satellite qualifier"); // OK: guarded
  });
  steps.push_back([&t] { t.clock.close(); });
  return steps;
}

void wrapUp(Tournament &t) {
  for (auto &step : wrapUpSteps(t))
    step();
}

} // namespace poker
