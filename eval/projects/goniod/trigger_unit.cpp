// goniod — TriggerUnit: arms the timing system for a wedge, fires one
// exposure gate per frame, disarms; on a timing-hardware fault it latches the
// fault and drops the timing link, after which it refuses to arm.
#include "trigger_unit.h"

#include <stdexcept>

#include "elog.h"

namespace goniod {

TriggerUnit::TriggerUnit(std::shared_ptr<PvConn> timing) : timing_(std::move(timing)) {}

void TriggerUnit::arm(int frames, double exposure_s) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == TriggerState::Faulted)
    throw std::runtime_error("trigger unit faulted, timing link dropped");
  timing_->put("TRIG:NFRAMES", static_cast<double>(frames)); // OK: a faulted unit refuses above, under the same lock
  timing_->put("TRIG:EXPOSURE", exposure_s);
  timing_->put("TRIG:ENABLE", 1.0);
  state_ = TriggerState::Armed;
}

void TriggerUnit::fire() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != TriggerState::Armed)
    throw std::logic_error("trigger fired while not armed");
  timing_->post("TRIG:FIRE");
}

void TriggerUnit::disarm() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != TriggerState::Armed)
    return;
  timing_->put("TRIG:ENABLE", 0.0);
  state_ = TriggerState::Idle;
}

void TriggerUnit::latch_fault(const std::string &why) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == TriggerState::Faulted)
    return;
  state_ = TriggerState::Faulted;
  elog().append("timing fault: " + why + "; dropping the timing link");
  timing_->close(); // SAME: timing_ack
}

TriggerState TriggerUnit::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

} // namespace goniod
