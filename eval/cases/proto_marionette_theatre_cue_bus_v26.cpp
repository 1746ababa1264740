// Show control for a marionette theatre: lighting and sound cues go out on
// the stage's cue bus, the puppets for flying scenes are raised by a motor
// winch, and a winch fault stops the show with a blackout. After the last
// scene the house lights come up through a final blackout of the stage rig
// and the bus is closed; on encore nights the company takes a curtain call.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class CueBus {
public:
  explicit CueBus(std::string stage) : stage_(std::move(stage)) {}

  void cue(const std::string &id, int fadeMs);
  void blackout();
  void close();
  bool closed() const { return state_ == State::Closed; }
  size_t sentCount() const { return sent_.size(); }

private:
  enum class State { Open, Closed };
  void requireOpen(const char *op) const;

  std::string stage_;
  State state_ = State::Open;
  std::vector<std::string> sent_;
};

void CueBus::requireOpen(const char *op) const {
  if (state_ == State::Closed)
    throw std::logic_error("cue bus " + stage_ + " closed: cannot " + op);
}

void CueBus::cue(const std::string &id, int fadeMs) {
  requireOpen("cue");
  sent_.push_back("GO " + id + " " + std::to_string(fadeMs));
}

void CueBus::blackout() {
  requireOpen("blackout");
  sent_.push_back("BLACKOUT");
}

void CueBus::close() {
  if (state_ == State::Closed)
    throw std::logic_error("cue bus " + stage_ + " already closed");
  state_ = State::Closed;
  sent_.clear();
}

struct Scene {
  std::string name;
  std::vector<std::pair<std::string, int>> cues;
  bool flying = false;
};

class WinchController {
public:
  bool raise(const std::string &puppet) {
    if (faulted_)
      return false;
    raised_.push_back(puppet);
    return true;
  }
  void fault() { faulted_ = true; }

private:
  bool faulted_ = false;
  std::vector<std::string> raised_;
};

namespace {

int runPerformance(CueBus &bus, WinchController &winch,
                   const std::vector<Scene> &scenes) {
  int played = 0;
  for (const Scene &scene : scenes) {
    if (scene.flying && !winch.raise(scene.name)) {
      bus.blackout();
      bus.close();
      break;
    }
    for (const auto &c : scene.cues)
      bus.cue(c.first, c.second); // OK
    ++played;
  }
  if (!bus.closed())
    bus.blackout(); // OK
  bus.close(); // BUG: double-close
  return played;
}

void curtainCall(CueBus &bus) {
  bus.cue("curtain-call", 1500); // SAME: curtain
}

} // namespace

int performEvening(const std::string &stage, WinchController &winch,
                   const std::vector<Scene> &scenes, bool encore) {
  CueBus bus(stage);
  int played = runPerformance(bus, winch, scenes);
  if (encore && played == static_cast<int>(scenes.size()))
    curtainCall(bus); // BUG: use-after-close #curtain
  return played;
}

size_t rehearse(const std::vector<Scene> &scenes) {
  CueBus bus("rehearsal");
  for (const Scene &scene : scenes) {
    if (scene.flying)
      continue;
    for (const auto &c : scene.cues)
      bus.cue(c.first, c.second);
  }
  size_t sent = bus.sentCount();
  bus.close(); // OK
  return sent;
}
