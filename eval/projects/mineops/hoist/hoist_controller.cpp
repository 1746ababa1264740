// HoistController: cage moves, parking and emergency stop through the hoist PLC client.
// estop() gets one redial when the link drops mid-command; release() disconnects the PLC
// link it was given (the client is shared with the rest of the mine).
#include "hoist_controller.h"

#include <utility>

#include "hoist_plc.h"

namespace {
constexpr uint16_t kEstopRegister = 40001;
constexpr uint16_t kTargetLevelRegister = 40010;
constexpr uint16_t kRunRegister = 40011;
constexpr uint16_t kBrakeRegister = 40012;
constexpr int kSurfaceLevel = 0;
}  // namespace

HoistController::HoistController(std::shared_ptr<HoistPlcClient> plc) : plc_(std::move(plc)) {}

Status HoistController::moveTo(int level) {
    if (released_) return Status::Error("hoist controller released");
    Status st = plc_->writeRegister(kTargetLevelRegister, static_cast<uint16_t>(level));
    if (!st.ok()) return st;
    st = plc_->writeRegister(kRunRegister, 1);
    if (st.ok()) level_ = level;
    return st;
}

Status HoistController::park() {
    Status st = moveTo(kSurfaceLevel);
    if (!st.ok()) return st;
    return plc_->writeRegister(kBrakeRegister, 1);
}

Status HoistController::estop() {
    if (released_) return Status::Error("hoist controller released");
    Status st = plc_->writeRegister(kEstopRegister, 1);
    if (st.ok()) return st;
    // The link dropped mid-command: redial and repeat the stop.
    Status rc = plc_->reconnect(2);
    if (!rc.ok()) return rc;
    return plc_->writeRegister(kEstopRegister, 1); // OK: reconnect() succeeded, or we returned just above
}

void HoistController::release() {
    if (released_) return;
    released_ = true;
    plc_->disconnect();
}

bool HoistController::released() const {
    return released_;
}

int HoistController::currentLevel() const {
    return level_;
}
