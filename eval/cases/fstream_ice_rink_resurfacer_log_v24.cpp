// Ice rink operations: the resurfacer (ice machine) reports each flood run
// (water volume, ice thickness before/after, blade height) and the rink keeps
// a run log per session block plus a weekly maintenance sheet. Correct: the
// session log is reopened (and checked open) before any write that follows a
// close, and the maintenance sheet stream is reopened on the flag file before
// it is written again.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct FloodRun {
  int runNo = 0;
  double litres = 0.0;
  double iceBeforeMm = 0.0;
  double iceAfterMm = 0.0;
  double bladeMm = 0.0;
};

class SessionRunLog {
public:
  explicit SessionRunLog(std::string dir) : dir_(std::move(dir)) {}

  bool beginBlock(const std::string &block);
  void record(const FloodRun &run);
  void endBlock();
  bool isOpen() const { return log_.is_open(); }

private:
  std::string dir_;
  std::string block_;
  std::ofstream log_;
  int runs_ = 0;
};

bool SessionRunLog::beginBlock(const std::string &block) {
  if (log_.is_open())
    endBlock();
  block_ = block;
  runs_ = 0;
  log_.open(dir_ + "/runs-" + block + ".log", std::ios::app);
  if (!log_.is_open())
    return false;
  log_ << "== block " << block << '\n'; // OK
  return true;
}

void SessionRunLog::record(const FloodRun &run) {
  if (!log_.is_open() && !beginBlock("unscheduled"))
    return;
  log_ << run.runNo << ' ' << run.litres << "l " << run.iceBeforeMm << "->" // OK
       << run.iceAfterMm << "mm blade " << run.bladeMm << '\n';
  ++runs_;
}

void SessionRunLog::endBlock() {
  if (!log_.is_open())
    return;
  log_ << "== end " << block_ << " (" << runs_ << " runs)\n";
  log_.close();
}

std::string maintenanceLine(const std::vector<FloodRun> &week) {
  double litres = 0.0, minBlade = 1e9;
  for (const FloodRun &r : week) {
    litres += r.litres;
    if (r.bladeMm < minBlade)
      minBlade = r.bladeMm;
  }
  std::ostringstream os;
  os << week.size() << " runs, " << litres << " l";
  if (!week.empty() && minBlade < 1.5)
    os << ", blade below 1.5 mm: sharpen";
  return os.str();
}

bool writeMaintenanceSheet(const std::string &path,
                           const std::vector<FloodRun> &week) {
  std::ofstream sheet(path, std::ios::trunc);
  if (!sheet)
    return false;
  sheet << maintenanceLine(week) << '\n';
  sheet.close();
  if (!sheet)
    return false;

  sheet.open(path + ".ready", std::ios::trunc);
  if (!sheet.is_open())
    return false;
  sheet << "ok\n"; // OK
  return static_cast<bool>(sheet);
}

void runDay(SessionRunLog &log, const std::vector<std::pair<std::string, FloodRun>> &runs) {
  std::string current;
  for (const auto &entry : runs) {
    if (entry.first != current) {
      log.endBlock();
      current = entry.first;
      log.beginBlock(current);
    }
    log.record(entry.second); // OK
  }
  log.endBlock();
}
