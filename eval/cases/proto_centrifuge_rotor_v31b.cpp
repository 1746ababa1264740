// Clinical lab centrifuge: the lab automation line drives a refrigerated
// centrifuge through a RotorController. An imbalance trip or an opened lid
// shuts the controller down; every command checks the state through a
// private helper that throws once the controller is shut down, until an
// operator power-cycles it. A trip during the blood-bank run is followed by
// a temperature command on the shut-down controller.
#include <stdexcept>
#include <string>
#include <vector>

namespace centrifuge {

class RotorController {
public:
  enum class State { Idle, Spinning, ShutDown };

  void spinUp(int rpm) {
    ensureRunning("spin up");
    rpm_ = rpm;
    state_ = State::Spinning;
  }
  void setChamberTemp(double celsius) {
    ensureRunning("set chamber temperature");
    chamberC_ = celsius;
  }
  void brake() {
    ensureRunning("brake");
    rpm_ = 0;
    state_ = State::Idle;
  }
  void shutDown() {
    rpm_ = 0;
    state_ = State::ShutDown;
  }
  void powerCycle() { state_ = State::Idle; }
  bool isShutDown() const { return state_ == State::ShutDown; }

private:
  void ensureRunning(const char *what) const {
    if (state_ == State::ShutDown)
      throw std::runtime_error(std::string("rotor controller shut down, cannot ") + what);
  }

  State state_ = State::Idle;
  int rpm_ = 0;
  double chamberC_ = 20.0;
};

struct Bucket {
  double gramsLoaded;
};

bool balanced(const std::vector<Bucket> &buckets);
bool lidClosed();

void bloodBankRun(RotorController &rotor, const std::vector<Bucket> &buckets) {
  if (!balanced(buckets))
    rotor.shutDown();
  rotor.setChamberTemp(4.0); // BUG: use-after-close
  rotor.spinUp(3500);
}

void routineChemistryRun(RotorController &rotor, const std::vector<Bucket> &buckets) {
  if (!lidClosed() || !balanced(buckets)) {
    rotor.shutDown();
    return;
  }
  rotor.setChamberTemp(20.0); // OK: shut-down path returned
  rotor.spinUp(4000);
  rotor.brake();
}

void operatorRecovery(RotorController &rotor) {
  rotor.shutDown();
  rotor.powerCycle();
  rotor.setChamberTemp(4.0); // OK: power-cycled
  rotor.spinUp(1200); // OK
}

void queueNextRack(RotorController &rotor) {
  if (rotor.isShutDown())
    return;
  rotor.spinUp(3000); // OK: state checked
}

} // namespace centrifuge
