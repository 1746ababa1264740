// End of shift: write the shift report. Lane totals that arrive after the
// report is finished are carried into the next shift's report.
#include "shift_report.h"

namespace toll {

Result closeShift(ShiftReport &report, const ShiftTotals &totals, const std::vector<LaneTotals> &lateLanes,
                  const std::vector<std::string> &incidents) {
  Result r = report.begin(totals.shiftId);
  if (!r.ok())
    return r;
  for (const auto &entry : totals.lanes)
    report.addLane(entry.second);
  r = report.finish();
  for (const LaneTotals &late : lateLanes)
    report.addLane(late); // OK: after finish() addLane() only carries the lane into the next report
  for (const std::string &incident : incidents)
    report.addNote(incident); // BUG: use-after-close #latenote
  return r;
}

} // namespace toll
