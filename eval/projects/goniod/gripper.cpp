// goniod — Gripper: the sample-changer arm. Mounts come from the mount queue
// on the gripper's own thread; each mount is checked against the force-torque
// sensor, whose serial line is a TtyLease that can be swapped for a spare.
// All robot traffic goes over the controller session passed in by reference.
#include "gripper.h"

#include <chrono>
#include <exception>
#include <stdexcept>
#include <utility>

#include "beamtime.h"
#include "elog.h"

namespace goniod {

namespace {
constexpr double kOverloadNewton = 12.0;
}

Gripper::Gripper(PvConn &robot, TtyLease force_sensor, MountQueue &queue)
    : robot_(robot), force_(std::move(force_sensor)), queue_(queue) {}

void Gripper::home() {
  robot_.post("GRIP:HOME"); // SAME: gripper_home
}

void Gripper::mount(const MountRequest &request) {
  std::lock_guard<std::mutex> lk(sensor_mu_);
  if (!force_)
    throw std::runtime_error("force sensor not leased, refusing mount of " + request.puck);
  force_.send("BIAS"); // OK: operator bool checked above
  robot_.post("GRIP:MOUNT " + request.puck + " " + std::to_string(request.pin));
  shift_tally().count_mount();
  const double newtons = std::stod(force_.receive());
  if (newtons > kOverloadNewton) {
    robot_.post("GRIP:ABORT");
    force_.reset();
    elog().append("gripper overload " + std::to_string(newtons) + " N mounting " +
                  request.puck + "; force sensor line dropped");
  }
  force_.send("UNBIAS"); // BUG: use-after-close
}

void Gripper::run_queue(const std::atomic<bool> &quit) {
  while (!quit && !queue_.closed()) {
    auto request = queue_.next(std::chrono::milliseconds(250)); // OK: next() returns nullopt once the queue is closed
    if (!request)
      continue;
    try {
      mount(*request);
    } catch (const std::exception &e) {
      elog().append("mount of " + request->puck + " failed: " + e.what());
    }
  }
}

void Gripper::abort_all(const std::string &why) {
  robot_.post("GRIP:ABORT");
  queue_.close();
  elog().append("gripper aborted all mounts: " + why);
}

void Gripper::swap_force_sensor(TtyLease fresh) {
  std::lock_guard<std::mutex> lk(sensor_mu_);
  force_ = std::move(fresh);
  force_.send("ID?"); // OK: the move assignment closed the old line and force_ holds the new one
}

} // namespace goniod
