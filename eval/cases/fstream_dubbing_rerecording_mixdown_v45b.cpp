// Re-recording bookkeeping on a dubbing stage. Every mix pass (dialogue,
// effects, music) writes its fader automation to an std::ofstream member.
// When a pass is approved, its automation log is moved into the print master,
// which keeps appending to it: moving a stream hands over the open file and
// leaves the source stream not open. A pass that still has work after the
// hand-off opens a fresh "pickup" log first.
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct FaderMove {
  double seconds;
  int channel;
  double db;
};

class MixPass {
public:
  MixPass(std::string name, std::string dir) : name_(std::move(name)), dir_(std::move(dir)) {
    log_.open(dir_ + "/" + name_ + ".automation", std::ios::out | std::ios::trunc);
    if (!log_.is_open())
      throw std::runtime_error("mix pass " + name_ + ": cannot open automation log");
  }

  void record(const FaderMove &m) {
    log_ << m.seconds << ' ' << m.channel << ' ' << m.db << '\n'; // SAME: movedlog
    ++moves_;
  }

  std::ofstream releaseLog() { return std::move(log_); }

  void restartLog(const std::string &suffix) {
    log_.open(dir_ + "/" + name_ + "." + suffix + ".automation", std::ios::out | std::ios::app);
    if (!log_.is_open())
      throw std::runtime_error("mix pass " + name_ + ": cannot open " + suffix + " log");
    moves_ = 0;
  }

  const std::string &name() const { return name_; }
  int moves() const { return moves_; }

private:
  std::string name_;
  std::string dir_;
  std::ofstream log_;
  int moves_ = 0;
};

class PrintMaster {
public:
  void adopt(MixPass &pass) {
    sources_.push_back(pass.name());
    if (journal_.is_open()) {
      std::ofstream incoming = pass.releaseLog();
      incoming << "# merged into print master\n";
      return;
    }
    journal_ = pass.releaseLog();
    journal_ << "# print master opened from " << pass.name() << '\n';
  }

  void annotate(const std::string &note) {
    if (!journal_.is_open())
      return;
    journal_ << "# " << note << '\n'; // OK: guarded by is_open()
  }

  void seal() {
    journal_ << "# sealed, " << sources_.size() << " passes\n";
    journal_.close();
  }

private:
  std::ofstream journal_;
  std::vector<std::string> sources_;
};

void runMixdown(const std::vector<FaderMove> &automation, const std::string &dir) {
  MixPass dialogue("dialogue", dir);
  MixPass effects("effects", dir);
  for (const FaderMove &m : automation)
    (m.channel < 8 ? dialogue : effects).record(m);

  PrintMaster master;
  master.adopt(dialogue);
  master.adopt(effects);
  effects.restartLog("pickup");
  effects.record({612.5, 9, -3.0}); // OK: reopened after the hand-off

  dialogue.record({618.0, 2, -1.5}); // BUG: use-after-close #movedlog

  master.seal();
  master.annotate("late dialogue pickup on reel 4");
  std::cout << dialogue.name() << ": " << dialogue.moves() << " moves, "
            << effects.name() << ": " << effects.moves() << " pickup moves\n";
}

int main(int argc, char **argv) {
  std::vector<FaderMove> automation = {{0.0, 1, -6.0}, {4.2, 1, -4.5}, {9.0, 11, -12.0}};
  try {
    runMixdown(automation, argc > 1 ? argv[1] : ".");
  } catch (const std::exception &e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  return 0;
}
