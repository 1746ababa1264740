// Lockdown steps for the sensors and cameras: close the cameras (Phase::Stop),
// stop the poller and release the RS-485 bus (Phase::Release), then join the
// poller and write the mortality tally (Phase::Final).
#include "lockdown_sensors.h"

#include <utility>

ReleaseBusStep::ReleaseBusStep(std::shared_ptr<BuoyPoller> poller, std::shared_ptr<Rs485Bus> bus)
    : poller_(std::move(poller)), bus_(std::move(bus)) {}

const char* ReleaseBusStep::name() const { return "release rs485 bus"; }

Status ReleaseBusStep::run() {
  poller_->request_stop();  // do not wait out a two-second serial timeout here
  bus_->release();  // SAME: pollrace
  return Status::Ok();
}

JoinPollerStep::JoinPollerStep(std::shared_ptr<BuoyPoller> poller) : poller_(std::move(poller)) {}

const char* JoinPollerStep::name() const { return "join buoy poller"; }

Status JoinPollerStep::run() {
  poller_->stop();
  return Status::Ok();
}

CloseCamerasStep::CloseCamerasStep(std::shared_ptr<CameraHub> cameras) : cameras_(std::move(cameras)) {}

const char* CloseCamerasStep::name() const { return "close cameras"; }

Status CloseCamerasStep::run() {
  cameras_->close_all();
  return Status::Ok();
}

FinalTallyStep::FinalTallyStep(std::shared_ptr<MortalityLog> mortality) : mortality_(std::move(mortality)) {}

const char* FinalTallyStep::name() const { return "mortality final tally"; }

Status FinalTallyStep::run() {
  return mortality_->final_tally();  // BUG: use-after-close #stillcam
}
