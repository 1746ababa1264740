// MaintenanceMode: isolates auxiliary fans and locks out pumps for the fitters. A fan is
// stopped through the fan controller (which closes its link) and restored with restartFan();
// a pump is only locked out at its contactor, its channel stays open for telemetry.
#include "maintenance.h"

#include <utility>

#include "dispatcher.h"
#include "fan_controller.h"
#include "pump_channel.h"
#include "pump_station.h"

MaintenanceMode::MaintenanceMode(std::shared_ptr<FanController> fans, std::shared_ptr<PumpStation> pumps,
                                 std::shared_ptr<EventDispatcher> events)
    : fans_(std::move(fans)), pumps_(std::move(pumps)), events_(std::move(events)) {}

Status MaintenanceMode::isolateFan(int fanId) {
    if (fanId == FanController::kMainFan) return Status::Error("the main fan cannot be isolated during a shift");
    if (!fans_->isRunning(fanId)) return Status::Error("fan " + std::to_string(fanId) + " is not running");
    fans_->stopFan(fanId);
    events_->publish(Event{"ventilation.fan_stopped", static_cast<double>(fanId), "maintenance"});
    const int residual = fans_->readRpm(fanId); // BUG: use-after-close #fan-rpm
    if (residual > 0) return Status::Error("fan " + std::to_string(fanId) + " still turning at " + std::to_string(residual) + " rpm");
    isolatedFans_.insert(fanId);
    return Status::Ok();
}

Status MaintenanceMode::restoreFan(int fanId, int rpm) {
    if (isolatedFans_.count(fanId) == 0) return Status::Error("fan " + std::to_string(fanId) + " is not isolated");
    Status st = fans_->restartFan(fanId);
    if (!st.ok()) return st;
    fans_->setSpeed(fanId, rpm); // OK: restartFan() reopened the link (we returned above if it could not)
    isolatedFans_.erase(fanId);
    return Status::Ok();
}

Status MaintenanceMode::lockOutPump(int pumpId) {
    std::shared_ptr<PumpChannel> pump = pumps_->pump(pumpId);
    if (!pump) return Status::Error("unknown pump " + std::to_string(pumpId));
    if (!pump->isOpen()) return Status::Error("pump " + std::to_string(pumpId) + " channel is closed");
    pump->setRunning(false); // OK: checked open just above; channels are closed only by PumpStation::shutdown on this thread
    lockedPumps_.insert(pumpId);
    return Status::Ok();
}

Status MaintenanceMode::releasePump(int pumpId) {
    if (lockedPumps_.count(pumpId) == 0) return Status::Error("pump " + std::to_string(pumpId) + " is not locked out");
    std::shared_ptr<PumpChannel> pump = pumps_->pump(pumpId);
    if (!pump || !pump->isOpen()) return Status::Error("pump " + std::to_string(pumpId) + " channel is closed");
    pump->setRunning(true);
    lockedPumps_.erase(pumpId);
    return Status::Ok();
}
