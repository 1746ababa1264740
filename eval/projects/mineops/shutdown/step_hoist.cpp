// StopHoistStep: parks the cage at the surface, hands the hoist back and latches the brake
// for the shift change. Without a PLC link the cage cannot be parked, so the step redials
// first and gives up (leaving the hoist to the banksman) if that fails.
#include "shutdown.h"

#include <utility>

#include "hoist_controller.h"
#include "hoist_plc.h"

namespace {
constexpr uint16_t kBrakeLatchRegister = 40013;
}

StopHoistStep::StopHoistStep(std::shared_ptr<HoistController> hoist, std::shared_ptr<HoistPlcClient> plc)
    : hoist_(std::move(hoist)), plc_(std::move(plc)) {}

const char* StopHoistStep::name() const {
    return "stop hoist";
}

Status StopHoistStep::run(ShutdownContext& ctx) {
    if (!plc_->isConnected()) {
        Status rc = plc_->reconnect(3);
        if (!rc.ok()) return rc;
    }
    Status st = hoist_->park(); // OK: the PLC link is up, or reconnect() re-established it (we returned otherwise)
    if (!st.ok()) {
        ctx.log.push_back("park failed, e-stopping the hoist: " + st.message());
        hoist_->estop();
    }
    hoist_->release();
    // Latch the brake so the cage cannot creep while the shift changes over.
    Status brake = plc_->writeRegister(kBrakeLatchRegister, 1); // BUG: use-after-close
    if (!brake.ok()) return brake;
    ctx.log.push_back("hoist parked at level " + std::to_string(hoist_->currentLevel()));
    return Status::Ok();
}
