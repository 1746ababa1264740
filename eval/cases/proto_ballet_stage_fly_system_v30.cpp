// Ballet theatre fly system: the stage manager's cue desk drives the motorised
// fly bars (scenery battens) through a FlyBarLink session. A link must be
// released exactly once: release() parks the bar and hands the motor back to
// the house controller, and the controller rejects a second release.
#include <stdexcept>
#include <string>
#include <vector>

class FlyBarLink {
public:
  enum class State { Idle, Armed, Released };

  explicit FlyBarLink(std::string bar) : bar_(std::move(bar)) {}

  void arm(int loadKg) {
    requireLive("arm");
    if (loadKg > 450)
      throw std::invalid_argument(bar_ + ": load exceeds batten rating");
    loadKg_ = loadKg;
    state_ = State::Armed;
  }

  void moveTo(int heightCm, int speedCmS) {
    requireLive("move");
    if (state_ != State::Armed)
      throw std::logic_error(bar_ + ": move before arm");
    heightCm_ = heightCm;
    lastSpeed_ = speedCmS;
  }

  void release() {
    if (state_ == State::Released)
      throw std::logic_error(bar_ + ": link already released");
    heightCm_ = 0;
    state_ = State::Released;
  }

  bool released() const { return state_ == State::Released; }
  int height() const { return heightCm_; }
  const std::string &bar() const { return bar_; }

private:
  void requireLive(const char *op) const {
    if (state_ == State::Released)
      throw std::runtime_error(bar_ + ": " + op + " on released link");
  }

  std::string bar_;
  State state_ = State::Idle;
  int loadKg_ = 0;
  int heightCm_ = 0;
  int lastSpeed_ = 0;
};

struct Cue {
  int number;
  int heightCm;
  int speedCmS;
  bool lastForBar;
};

void runFlyCues(FlyBarLink &link, const std::vector<Cue> &cues, int loadKg) {
  link.arm(loadKg);
  for (const Cue &c : cues) {
    link.moveTo(c.heightCm, c.speedCmS);
    if (c.lastForBar) {
      link.release();
      break;
    }
  }
  if (!link.released())
    link.release(); // OK
}

void parkBar(FlyBarLink &link) {
  if (link.height() > 0)
    link.moveTo(0, 20);
  link.release(); // SAME: fly-park
}

void strikeSet(std::vector<FlyBarLink> &bars) {
  for (FlyBarLink &bar : bars) {
    if (!bar.released())
      parkBar(bar); // OK
  }
}

void getOutNight(std::vector<FlyBarLink> &bars, bool officerOnDuty) {
  strikeSet(bars);
  if (!officerOnDuty)
    return;
  // Safety officer's lockout before the crew is allowed back on stage.
  for (FlyBarLink &bar : bars)
    parkBar(bar); // BUG: double-close #fly-park
}

void fireCurtainDrill(FlyBarLink &iron, int loadKg) {
  iron.arm(loadKg);
  iron.moveTo(900, 60);
  iron.release();
  iron.moveTo(0, 30); // BUG: use-after-close
}

void technicalRehearsal(const std::vector<Cue> &act1) {
  FlyBarLink sky("sky cloth");
  runFlyCues(sky, act1, 120);
  FlyBarLink gauze("front gauze");
  gauze.arm(60);
  gauze.moveTo(700, 40); // OK
  parkBar(gauze);
}
