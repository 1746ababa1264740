// Shearing-shed tally book: during a run (the two hours between smoko breaks)
// every fleece is written to the run's tally file with the shearer and the
// fleece weight; fleeces counted between runs are held back and written at
// the start of the next run. At the end of the day the last run is closed and
// the day's totals per shearer are written for the wool classer.
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Fleece {
  std::string shearer;
  double kg = 0.0;
  bool pressed = false;
};

class ShedTally {
public:
  explicit ShedTally(std::string shedDir) : shedDir_(std::move(shedDir)) {}

  bool startRun(int run);
  void recordFleece(const Fleece &f);
  void closeRun();
  void finishDay();
  int fleecesToday() const { return count_; }

private:
  std::string shedDir_;
  std::ofstream tally_;
  int run_ = 0;
  int count_ = 0;
  std::vector<Fleece> heldBack_;
  std::map<std::string, std::pair<int, double>> perShearer_;
};

bool ShedTally::startRun(int run) {
  if (tally_.is_open())
    tally_.close();
  run_ = run;
  tally_.open(shedDir_ + "/run-" + std::to_string(run) + ".tally",
              std::ios::out | std::ios::trunc);
  if (!tally_)
    return false;
  tally_ << "run " << run << "\n"; // OK
  for (const Fleece &f : heldBack_)
    tally_ << f.shearer << ',' << f.kg << ",late\n"; // OK
  heldBack_.clear();
  return true;
}

void ShedTally::recordFleece(const Fleece &f) {
  ++count_;
  auto &slot = perShearer_[f.shearer];
  slot.first += 1;
  slot.second += f.kg;
  if (!tally_.is_open()) {
    heldBack_.push_back(f);
    return;
  }
  tally_ << f.shearer << ',' << f.kg << (f.pressed ? ",pressed" : "") << '\n'; // OK
}

void ShedTally::closeRun() {
  if (!tally_.is_open())
    return;
  tally_ << "end run " << run_ << " fleeces=" << count_ << "\n";
  tally_.close();
}

void ShedTally::finishDay() {
  closeRun();
  tally_ << "day total " << count_ << "\n"; // BUG: use-after-close
  for (const auto &entry : perShearer_) {
    tally_ << entry.first << ' ' << entry.second.first << ' ' // BUG: use-after-close
           << entry.second.second << "kg\n";
  }
  tally_.flush(); // BUG: use-after-close
  perShearer_.clear();
  count_ = 0;
}

void runShedDay(ShedTally &tally, const std::vector<std::vector<Fleece>> &runs) {
  int run = 1;
  for (const auto &fleeces : runs) {
    if (!tally.startRun(run++))
      continue;
    for (const Fleece &f : fleeces)
      tally.recordFleece(f);
    tally.closeRun();
  }
  tally.finishDay();
}
