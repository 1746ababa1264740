// Weld traceability log for a shipyard hull block. Every seam weld is logged
// with welder, procedure and heat input; finishSection() seals the section's
// log file and starts the next one; writeInspectionSheet() produces the sheet
// the class surveyor signs for a finished block.
#include <fstream>
#include <iomanip>
#include <string>
#include <utility>
#include <vector>

struct Weld {
  std::string seam;
  std::string welder;
  std::string wps;
  double heatInputKjPerMm;
  bool passedVisual;
};

class WeldLog {
public:
  explicit WeldLog(std::string block) : block_(std::move(block)) {}

  bool beginSection(int section);
  void record(const Weld &w);
  void finishSection();
  int welds() const { return count_; }

private:
  std::string pathFor(int section) const {
    return "/data/yard/" + block_ + "/section-" + std::to_string(section) + ".weld";
  }

  std::string block_;
  std::ofstream out_;
  int section_ = 0;
  int count_ = 0;
  int rejected_ = 0;
};

bool WeldLog::beginSection(int section) {
  if (out_.is_open())
    out_.close();
  out_.open(pathFor(section), std::ios::out | std::ios::app);
  if (!out_)
    return false;
  section_ = section;
  count_ = rejected_ = 0;
  out_ << "# block " << block_ << " section " << section_ << '\n'; // OK
  return true;
}

void WeldLog::record(const Weld &w) {
  if (!out_.is_open())
    return;
  out_ << w.seam << ';' << w.welder << ';' << w.wps << ';' << std::fixed // OK
       << std::setprecision(2) << w.heatInputKjPerMm << ';'
       << (w.passedVisual ? "VT-OK" : "VT-REJ") << '\n';
  ++count_;
  if (!w.passedVisual)
    ++rejected_;
}

void WeldLog::finishSection() {
  if (!out_.is_open())
    return;
  out_.flush();
  out_.close();
  out_ << "# section " << section_ << " sealed: " << count_ << " welds, " << rejected_ // BUG: use-after-close
       << " rejected\n";
}

bool writeInspectionSheet(const std::string &block, const std::vector<Weld> &welds,
                          const std::string &surveyor) {
  std::ofstream sheet("/data/yard/" + block + "/inspection.txt", std::ios::trunc);
  if (!sheet)
    return false;
  sheet << "Block " << block << " - visual inspection\n";
  int open = 0;
  for (const Weld &w : welds) {
    sheet << std::left << std::setw(10) << w.seam << std::setw(12) << w.welder
          << (w.passedVisual ? "accepted" : "REPAIR") << '\n';
    if (!w.passedVisual)
      ++open;
  }
  sheet.close();
  if (open > 0) {
    std::ofstream repairs("/data/yard/" + block + "/repairs.txt", std::ios::app);
    repairs << block << ": " << open << " seams to repair\n"; // OK
    return false;
  }
  sheet << "Surveyor: " << surveyor << "  signature: ______\n"; // BUG: use-after-close
  return true;
}

int weldBlock(WeldLog &log, const std::vector<Weld> &welds, int sections) {
  int done = 0;
  for (int s = 1; s <= sections; ++s) {
    if (!log.beginSection(s))
      return -s;
    for (const Weld &w : welds)
      log.record(w);
    log.finishSection();
    done += log.welds();
  }
  return done;
}
