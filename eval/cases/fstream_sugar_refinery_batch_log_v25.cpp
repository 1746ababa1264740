// Sugar refinery vacuum-pan strike log: the pan supervisor writes one file per
// strike (massecuite batch) with the brix and temperature readings taken while
// boiling, the seeding time and the drop weight. The file is sealed when the
// pan drops; an operator note can be attached to the current strike, and a
// strike that the boiling crew abandons is closed as aborted.
#include <algorithm>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

namespace refinery {

struct PanReading {
  double minute = 0;
  double brix = 0;
  double tempC = 0;
  double vacuumKpa = 0;
};

static void writeFooter(std::ostream &os, const std::vector<double> &brix, double dropTonnes) {
  double peak = brix.empty() ? 0.0 : *std::max_element(brix.begin(), brix.end());
  os << "peak_brix " << peak << "\ndrop_t " << dropTonnes << "\nEND\n";
}

class StrikeLog {
public:
  bool begin(const std::string &dir, int strikeNo);
  void reading(const PanReading &r);
  void seeded(double minute);
  void note(const std::string &text);
  void seal(double dropTonnes);
  void abort(const std::string &reason);
  int strike() const { return strike_; }

private:
  std::ofstream out_;
  int strike_ = 0;
  std::vector<double> brix_;
};

bool StrikeLog::begin(const std::string &dir, int strikeNo) {
  if (out_.is_open())
    out_.close();
  out_.open(dir + "/strike-" + std::to_string(strikeNo) + ".log", std::ios::trunc);
  if (!out_)
    return false;
  strike_ = strikeNo;
  brix_.clear();
  out_ << "strike " << strikeNo << "\nminute brix temp_c vacuum_kpa\n"; // OK
  return true;
}

void StrikeLog::reading(const PanReading &r) {
  if (!out_.is_open())
    return;
  out_ << r.minute << ' ' << r.brix << ' ' << r.tempC << ' ' << r.vacuumKpa << '\n'; // OK
  brix_.push_back(r.brix);
}

void StrikeLog::seeded(double minute) {
  if (out_.is_open())
    out_ << "seeded " << minute << '\n'; // OK
}

void StrikeLog::note(const std::string &text) {
  out_ << "# " << text << '\n'; // SAME: note
}

void StrikeLog::seal(double dropTonnes) {
  writeFooter(out_, brix_, dropTonnes);
  out_.flush();
  out_.close();
}

void StrikeLog::abort(const std::string &reason) {
  out_.close();
  out_ << "ABORTED " << reason << '\n'; // BUG: use-after-close
}

struct StrikePlan {
  int number = 0;
  std::vector<PanReading> readings;
  double seedMinute = 0;
  double dropTonnes = 0;
  bool abandoned = false;
};

bool runStrikes(const std::string &dir, const std::vector<StrikePlan> &plans) {
  StrikeLog log;
  for (const StrikePlan &p : plans) {
    if (!log.begin(dir, p.number))
      return false;
    for (const PanReading &r : p.readings) {
      if (r.minute >= p.seedMinute && r.minute - 1 < p.seedMinute)
        log.seeded(p.seedMinute);
      log.reading(r);
    }
    if (p.abandoned) {
      log.abort("crew abandoned strike");
      continue;
    }
    log.seal(p.dropTonnes);
    log.note("pan washed, ready for next charge"); // BUG: use-after-close #note
  }
  return true;
}

} // namespace refinery
