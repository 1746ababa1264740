// ChairliftController: start/stop/speed/wind-hold of one chairlift. Every
// command is guarded by stopped_ and by the link's state (the link is also
// held by the registry, which maintenance may close); emergencyStop() closes
// the link and then reads the final rope position from it.
#include "chairlift_controller.h"

#include <utility>

namespace liftops {

ChairliftController::ChairliftController(std::string id, std::shared_ptr<LiftLink> link,
                                         std::shared_ptr<DispatchChannel> dispatch)
    : id_(std::move(id)), dispatch_(std::move(dispatch)), link_(std::move(link)) {}

ChairliftController::~ChairliftController() {
  if (link_ && link_->isOpen()) {
    try {
      link_->close(); // OK: only while still open
    } catch (const std::exception &) {
    }
  }
}

Status ChairliftController::start() {
  Status st = link_->isOpen() ? Status::ok() : link_->reopen();
  if (!st.isOk())
    return st;
  link_->sendCommand({LiftCommand::Start, 100}); // OK: reopened above when it had been closed
  stopped_ = false;
  return Status::ok();
}

void ChairliftController::setSpeed(int pct) {
  if (stopped_ || !link_->isOpen())
    return;
  link_->sendCommand({LiftCommand::SlowRun, pct}); // OK: returns above when stopped or closed
}

void ChairliftController::windHold() {
  if (stopped_ || !link_->isOpen())
    return;
  link_->sendCommand({LiftCommand::Hold, 0}); // OK: guarded as in setSpeed()
}

void ChairliftController::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  if (!link_->isOpen())
    return;
  link_->sendCommand({LiftCommand::Stop, 0}); // OK: checked open just above
  recordFinalPosition(); // OK: the link is closed only on the next line
  link_->close(); // OK: checked open; stopped_ keeps a second stop() away
}

void ChairliftController::emergencyStop(const std::string &reason) {
  if (link_->isOpen()) {
    link_->sendCommand({LiftCommand::Stop, 0}); // OK: inside the isOpen() check
    link_->close();
  }
  stopped_ = true;
  if (dispatch_->isOpen())
    dispatch_->post({id_, "emergency stop: " + reason, 3}); // OK: checked open
  recordFinalPosition(); // BUG: use-after-close #chair-final-poll
}

void ChairliftController::recordFinalPosition() {
  lastSeen_ = link_->poll(); // SAME: chair-final-poll
}

} // namespace liftops
