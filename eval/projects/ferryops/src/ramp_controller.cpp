// RampController: commands to the vehicle ramp's PLC. pause() holds the ramp
// and keeps the link; stop() sends the emergency stop and shuts the link down;
// resume() and lockDeck() return early on a stopped ramp, lower() and raise()
// do not check (the state changes only when the PLC took the command);
// reconnect() installs a freshly connected link.
#include "ramp.h"

#include <utility>

namespace ferry {

RampController::RampController(std::unique_ptr<GateChannel> plcLink) : link_(std::move(plcLink)) {}

RampController::~RampController() {
  stop(); // OK: stop() returns early on a stopped ramp
}

Status RampController::lower() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Down || state_ == RampState::Lowering)
    return Status::Ok();
  Status st = link_->sendFrame(Frame::config("RAMP LOWER")); // SAME: rampresume
  if (st.ok())
    state_ = RampState::Lowering;
  return st;
}

Status RampController::raise() {
  std::lock_guard<std::mutex> lk(mu_);
  Status st = link_->sendFrame(Frame::config("RAMP RAISE")); // SAME: rampraise
  if (st.ok())
    state_ = RampState::Raising;
  return st;
}

Status RampController::lockDeck() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Stopped || paused_)
    return Status::Busy("ramp stopped or paused");
  return link_->sendFrame(Frame::config("DECK LOCK")); // OK: stopped ramps return above
}

Status RampController::ping() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Stopped)
    return Status::Closed("ramp stopped");
  return link_->sendFrame(Frame::heartbeat(link_->id())); // OK: stopped ramps return above
}

void RampController::pause() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Stopped || paused_)
    return;
  paused_ = true;
  link_->sendFrame(Frame::config("RAMP HOLD")); // OK: stopped ramps return above
}

void RampController::resume() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Stopped)
    return;
  paused_ = false;
  link_->sendFrame(Frame::config("RAMP CONTINUE")); // OK: stopped ramps return above
}

void RampController::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == RampState::Stopped)
    return;
  link_->sendFrame(Frame::config("RAMP ESTOP"));
  link_->shutdown();
  state_ = RampState::Stopped;
}

bool RampController::stopped() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == RampState::Stopped;
}

Status RampController::reconnect(const Endpoint &ep) {
  auto fresh = std::make_unique<GateChannel>(kRampLinkId);
  Status st = fresh->connect(ep);
  if (!st.ok())
    return st;
  std::lock_guard<std::mutex> lk(mu_);
  link_ = std::move(fresh);
  state_ = RampState::Stowed;
  paused_ = false;
  return link_->sendFrame(Frame::notice("RAMP CONSOLE ONLINE")); // OK: link_ was just replaced by the fresh link
}

} // namespace ferry
