// Quayside container crane controller. Each ship-to-shore crane has a control
// link to the terminal operating system (phase enum: Idle, Lifting, Stowed,
// Closed), a lift log file and a berth connection to the vessel planner. A wind
// alarm, a spreader fault or the end of a vessel call closes them. All sends
// after those points are behind a check of the same object's state (phase(),
// operator bool, is_open(), isClosed(), connected()), so none reaches a closed
// link, log or connection.
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "netconn.h"

namespace quayside {

enum class Phase { Idle, Lifting, Stowed, Closed };

class CraneLink {
public:
  explicit CraneLink(int crane) : crane_(crane) {}

  void command(const std::string &cmd) {
    if (phase_ == Phase::Closed)
      throw std::runtime_error("crane link closed: STS" + std::to_string(crane_));
    phase_ = cmd == "lift" ? Phase::Lifting : Phase::Idle;
  }
  void stow() {
    if (phase_ != Phase::Closed)
      phase_ = Phase::Stowed;
  }
  void close() { phase_ = Phase::Closed; }
  Phase phase() const { return phase_; }
  bool connected() const { return phase_ != Phase::Closed; }
  explicit operator bool() const { return phase_ != Phase::Closed; }

private:
  int crane_;
  Phase phase_ = Phase::Idle;
};

struct Move {
  std::string container;
  int bay = 0;
  double windKnots = 0.0;
  bool spreaderFault = false;
};

std::string planEntry(const Move &m);

void executeMove(CraneLink &link, const Move &m) {
  if (m.windKnots > 38.0)
    link.close();
  switch (link.phase()) {
  case Phase::Closed:
    return;
  case Phase::Stowed:
    link.command("unstow"); // OK
    break;
  case Phase::Idle:
  case Phase::Lifting:
    break;
  }
  link.command("lift"); // OK
}

void lowerSpreader(CraneLink &link, const Move &m) {
  if (m.spreaderFault)
    link.close();
  if (!link)
    return;
  link.command("lower"); // OK
}

void logMoves(std::ofstream &liftLog, const std::vector<Move> &moves) {
  for (const Move &m : moves) {
    if (m.spreaderFault)
      liftLog.close();
    if (!liftLog.is_open())
      break;
    liftLog << m.container << ' ' << m.bay << '\n'; // OK
  }
}

void sendPlan(net::Connection &berth, const std::vector<Move> &moves,
              bool callComplete) {
  if (callComplete)
    berth.close();
  if (berth.isClosed())
    return;
  for (const Move &m : moves)
    berth.send(planEntry(m)); // OK
  berth.flush(); // OK
}

void holdUntilStowed(CraneLink &link, const std::vector<Move> &pending) {
  std::size_t i = 0;
  while (link.connected() && i < pending.size()) {
    const Move &m = pending[i++];
    if (m.windKnots > 38.0) {
      link.stow();
      link.close();
      continue;
    }
    link.command("hold " + m.container); // OK
  }
}

} // namespace quayside
