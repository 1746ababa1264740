// ShiftReport: the supervisor's text report for one shift, and the CSV of
// lane totals handed to the operator's accounting.
#include "shift_report.h"

#include <utility>

namespace toll {

ShiftReport::ShiftReport(std::string dir) : dir_(std::move(dir)) {}

ShiftReport::~ShiftReport() {
  if (out_.is_open())
    (void)finish(); // OK: finish() runs only on a report that is still open
}

Result ShiftReport::begin(const std::string &shiftId) {
  if (out_.is_open())
    out_.close();
  shiftId_ = shiftId;
  cents_ = 0;
  out_.open(dir_ + "/shift-" + shiftId + ".txt", std::ios::out | std::ios::trunc);
  if (!out_)
    return Result::failure("shift report: cannot open report for shift " + shiftId);
  out_ << "Shift " << shiftId << "\n"; // OK: reopened just above
  std::vector<LaneTotals> carried;
  carried.swap(carried_);
  for (const LaneTotals &t : carried)
    addLane(t);
  return Result::success();
}

void ShiftReport::addLane(const LaneTotals &t) {
  if (!out_.is_open()) {
    carried_.push_back(t);
    return;
  }
  out_ << "lane " << t.lane << ": " << t.passages << " passages, " << t.violations << " violations, " << t.cents
       << " cents\n";
  cents_ += t.cents;
}

void ShiftReport::addNote(const std::string &note) {
  out_ << "  note: " << note << '\n'; // SAME: latenote
}

Result ShiftReport::finish() {
  if (!out_.is_open())
    return Result::failure("shift report: not open");
  out_ << "total " << cents_ << " cents\n";
  out_.close();
  if (!out_)
    return Result::failure("shift report: write failed for shift " + shiftId_);
  return Result::success();
}

Result writeLaneCsv(const std::string &path, const std::map<LaneId, LaneTotals> &totals) {
  std::ofstream csv(path, std::ios::out | std::ios::trunc);
  if (!csv)
    return Result::failure("lane csv: cannot open " + path);
  csv << "lane,passages,violations,cents\n";
  std::int64_t sum = 0;
  for (const auto &entry : totals) {
    const LaneTotals &t = entry.second;
    csv << t.lane << ',' << t.passages << ',' << t.violations << ',' << t.cents << '\n';
    sum += t.cents;
  }
  csv.close();
  if (!csv)
    return Result::failure("lane csv: write failed for " + path);
  csv << "total,,," << sum << '\n'; // BUG: use-after-close
  return Result::success();
}

} // namespace toll
