// goniod — MountController: the sample changer. It opens the controller
// session shared by the dewar and the gripper, runs the gripper's mount loop
// on its own thread, reacts to collisions, retires the changer at the end of a
// shift, and stops it during the staged shutdown.
#include "robotics.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "elog.h"

namespace goniod {

MountController::MountController(const Prefs &prefs, TtyMux &mux)
    : robot_(std::make_shared<PvConn>(prefs.endpoint("robot").host,
                                      prefs.endpoint("robot").port)),
      dewar_(std::make_unique<Dewar>(prefs.dewar_valve, robot_)),
      gripper_(std::make_unique<Gripper>(*robot_, mux.lease("force-sensor"), queue_)) {}

MountController::~MountController() {
  try {
    stop();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "goniod: stopping the sample changer: %s\n", e.what());
  }
}

void MountController::start() {
  loop_ = std::thread([this] { gripper_->run_queue(quit_); });
}

void MountController::enqueue(const MountRequest &request) {
  if (queue_.closed()) {
    elog().append("mount of " + request.puck + " dropped: sample changer offline");
    return;
  }
  queue_.push(request); // OK: the queue is only closed on this (the control loop's) thread
}

void MountController::top_up(double percent) {
  if (dewar_)
    dewar_->fill_to(percent);
}

void MountController::swap_force_sensor(TtyLease fresh) {
  if (gripper_)
    gripper_->swap_force_sensor(std::move(fresh));
}

void MountController::on_collision() {
  if (queue_.closed())
    return; // retired or already aborted
  gripper_->abort_all("collision reported by the sample changer");
  queue_.close(); // BUG: double-close
  quit_ = true;
  if (loop_.joinable())
    loop_.join();
}

void MountController::retire() {
  if (!dewar_)
    return;
  if (!queue_.closed())
    queue_.close();
  quit_ = true;
  if (loop_.joinable())
    loop_.join();
  dewar_->lid_close();
  dewar_.reset();
  gripper_->home(); // BUG: use-after-close #gripper_home
  elog().append("sample changer retired for the shift");
}

void MountController::stop() {
  if (!queue_.closed())
    queue_.close(); // OK: closed only when still open
  quit_ = true;
  if (loop_.joinable())
    loop_.join();
  if (dewar_) {
    gripper_->home(); // OK: the dewar, and with it the controller session, is still alive here
    dewar_->lid_close();
  }
  gripper_.reset();
  dewar_.reset();
}

} // namespace goniod
