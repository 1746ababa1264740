// goniod — DumpResponse: when the storage ring dumps its beam, abort the
// running sweep, disarm the trigger, stop the beam position monitor, drop the
// undulator connection, hang up the detector chiller's tty line and tell the
// hutch terminals; when the beam is back, undo what can be undone. The
// broadcast skips the line that was just hung up (its slot holds -1) and the
// undulator only records the parking gap while it is disconnected. Correct as
// written.
#include "beamdump.h"

namespace goniod {

DumpResponse::DumpResponse(Xbpm &xbpm, TriggerUnit &trigger, Oscillation &osc,
                           Undulator &undulator, TtyMux &mux, SafetyNotices &notices,
                           double parking_gap_mm)
    : xbpm_(xbpm), trigger_(trigger), osc_(osc), undulator_(undulator), mux_(mux),
      notices_(notices), parking_gap_mm_(parking_gap_mm) {}

void DumpResponse::on_dump(const std::string &cause) {
  ++dumps_;
  notices_.notify("beam dump (" + cause + "), collections aborted");
  osc_.close();
  trigger_.disarm();
  xbpm_.stop();
  undulator_.disconnect();
  mux_.hangup("det-chiller");
  mux_.broadcast("BEAMDUMP\r"); // OK: hangup() left -1 in the table and broadcast() skips it
  undulator_.set_gap(parking_gap_mm_); // OK: while disconnected set_gap() only records the gap
}

void DumpResponse::on_beam_back() {
  undulator_.reconnect();
  mux_.reopen("det-chiller");
  osc_.reopen();
  notices_.notify("beam back, collections may resume");
}

} // namespace goniod
