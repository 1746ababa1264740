// goniod — what the endstation does when the storage ring dumps its beam, and
// when the beam comes back.
#pragma once
#include <string>

#include "oscillation.h"
#include "safety_notices.h"
#include "trigger_unit.h"
#include "ttymux.h"
#include "undulator.h"
#include "xbpm.h"

namespace goniod {

class DumpResponse {
public:
  DumpResponse(Xbpm &xbpm, TriggerUnit &trigger, Oscillation &osc,
               Undulator &undulator, TtyMux &mux, SafetyNotices &notices,
               double parking_gap_mm);
  void on_dump(const std::string &cause);
  void on_beam_back();
  int dumps() const { return dumps_; }

private:
  Xbpm &xbpm_;
  TriggerUnit &trigger_;
  Oscillation &osc_;
  Undulator &undulator_;
  TtyMux &mux_;
  SafetyNotices &notices_;
  double parking_gap_mm_;
  int dumps_ = 0;
};

} // namespace goniod
