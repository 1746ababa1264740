// Shift reports: a text report per shift written with std::ofstream, a CSV of
// lane totals, and the end-of-shift sequence (shift_close.cpp) that writes
// the report and publishes the totals to the audit topic.
#pragma once
#include "result.h"
#include "types.h"

#include <messaging.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace toll {

class WorkerPool;

class ShiftReport {
public:
  explicit ShiftReport(std::string dir);
  ~ShiftReport();

  Result begin(const std::string &shiftId);
  // Lanes added while no report is open are carried into the next one.
  void addLane(const LaneTotals &totals);
  void addNote(const std::string &note);
  Result finish();
  bool isOpen() const { return out_.is_open(); }

private:
  std::string dir_;
  std::string shiftId_;
  std::ofstream out_;
  std::vector<LaneTotals> carried_;
  std::int64_t cents_ = 0;
};

Result writeLaneCsv(const std::string &path, const std::map<LaneId, LaneTotals> &totals);
Result closeShift(ShiftReport &report, const ShiftTotals &totals, const std::vector<LaneTotals> &lateLanes,
                  const std::vector<std::string> &incidents);
void publishShiftTotals(WorkerPool &pool, const std::string &brokers, const ShiftTotals &totals);
void publishShiftTotalsDrained(const std::string &brokers, const ShiftTotals &totals);
void publishLaneTotals(const std::string &brokers, const std::map<LaneId, LaneTotals> &lanes);

} // namespace toll
