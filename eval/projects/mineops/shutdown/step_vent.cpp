// VentilationStep: stops the auxiliary fans of every level (announcing each stop so the gas
// monitors take a reading), then the main fans.
#include "shutdown.h"

#include <utility>

#include "dispatcher.h"
#include "fan_controller.h"

VentilationStep::VentilationStep(std::vector<std::shared_ptr<FanController>> groups,
                                 std::shared_ptr<EventDispatcher> events)
    : groups_(std::move(groups)), events_(std::move(events)) {}

const char* VentilationStep::name() const {
    return "ventilation";
}

Status VentilationStep::run(ShutdownContext& ctx) {
    for (auto& fans : groups_) {
        for (int id : fans->fanIds()) {
            if (id == FanController::kMainFan) continue;
            fans->stopFan(id); // OK: stopFan() skips a fan that is already stopped
            events_->publish(Event{"ventilation.fan_stopped", static_cast<double>(id), "shift-change"});
        }
    }
    for (auto& fans : groups_) {
        fans->closeAll();
        fans->setSpeed(FanController::kMainFan, 0); // BUG: use-after-close #fan-zero
    }
    ctx.log.push_back("ventilation stopped on " + std::to_string(groups_.size()) + " levels");
    return Status::Ok();
}
