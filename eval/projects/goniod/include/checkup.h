// goniod — the periodic self-test of the endstation.
#pragma once
#include <string>
#include <vector>

#include "apparatus.h"
#include "pvconn.h"
#include "trigger_unit.h"

namespace goniod {

struct CheckupReport {
  std::vector<std::string> notes;
  std::vector<std::string> faults;
  bool healthy() const { return faults.empty(); }
};

CheckupReport run_checkup(PvConn &gateway, Apparatus &apparatus,
                          TriggerUnit &trigger);
void log_checkup(const CheckupReport &report);

} // namespace goniod
