// Top-cart drive of a ropewalk: while the whirls twist the strands, the top
// cart travels down the walk and closes them into rope. WhirlDrive owns the
// drive controller's command stream (a FILE*). teardown() fcloses the stream
// and does not clear the pointer, so a second teardown() is a second fclose().
// step() returns false once the drive was torn down. pause() only flushes and
// holds the cart (it is not a close), and resume() returns false early unless
// the drive is paused.
// Bugs: layRope() tears the drive down when a strand breaks and runWalk()
// tears it down again; layAndReturn() runs the cart back with step() also on
// the path where layRope() tore the drive down (the step is silently
// dropped). holdForSplice() pauses and resumes, which keeps the stream open.
#include <cstdio>
#include <string>

namespace ropewalk {

class WhirlDrive {
public:
  explicit WhirlDrive(const std::string &port) : cmd_(std::fopen(port.c_str(), "w")) {}

  bool step(int turns) {
    if (cmd_ == nullptr || tornDown_)
      return false;
    return std::fprintf(cmd_, "T%d\n", turns) > 0;
  }
  bool pause() {
    if (cmd_ == nullptr || tornDown_)
      return false;
    paused_ = true;
    return std::fputs("H\n", cmd_) >= 0 && std::fflush(cmd_) == 0;
  }
  bool resume() {
    if (!paused_ || tornDown_)
      return false;
    paused_ = false;
    return std::fputs("R\n", cmd_) >= 0;
  }
  void teardown() {
    if (cmd_ != nullptr)
      std::fclose(cmd_); // SAME: teardown
    tornDown_ = true;
  }
  bool tornDown() const { return tornDown_; }

private:
  FILE *cmd_;
  bool tornDown_ = false;
  bool paused_ = false;
};

struct StrandSensors {
  bool (*tensionLost)(int metre);
};

constexpr int kTurnsPerMetre = 14;

// Lays the rope; a lost strand ends the walk and releases the drive.
bool layRope(WhirlDrive &drive, const StrandSensors &sensors, int metres) {
  for (int m = 0; m < metres; ++m) {
    if (sensors.tensionLost(m)) {
      std::fprintf(stderr, "top cart: strand lost at %d m\n", m);
      drive.teardown();
      return false;
    }
    drive.step(kTurnsPerMetre);
  }
  return true;
}

void runWalk(WhirlDrive &drive, const StrandSensors &sensors, int metres) {
  if (!layRope(drive, sensors, metres))
    std::fprintf(stderr, "top cart: walk abandoned\n");
  drive.teardown(); // BUG: double-close #teardown
}

void runWalkOnce(WhirlDrive &drive, const StrandSensors &sensors, int metres) {
  bool laid = layRope(drive, sensors, metres);
  if (laid)
    drive.teardown(); // OK: layRope() tore the drive down only when it returned false
}

// Lays the rope, then runs the cart back to the head of the walk.
void layAndReturn(WhirlDrive &drive, const StrandSensors &sensors, int metres) {
  bool laid = layRope(drive, sensors, metres);
  drive.step(-metres * kTurnsPerMetre); // BUG: use-after-close
  if (laid)
    drive.teardown();
}

bool holdForSplice(WhirlDrive &drive, int metresLeft) {
  if (!drive.pause())
    return false;
  std::fprintf(stderr, "top cart: holding for splice, %d m left\n", metresLeft);
  if (!drive.resume())
    return false;
  return drive.step(kTurnsPerMetre); // OK: pause() and resume() never close the stream
}

void finishDay(WhirlDrive &drive) {
  if (!drive.tornDown())
    drive.teardown(); // OK: tornDown() checked
}

} // namespace ropewalk
