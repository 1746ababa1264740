// goniod — the sample-changer gripper with its force-torque sensor line.
#pragma once
#include <atomic>
#include <mutex>
#include <string>

#include "mounts.h"
#include "pvconn.h"
#include "ttymux.h"

namespace goniod {

class Gripper {
public:
  Gripper(PvConn &robot, TtyLease force_sensor, MountQueue &queue);
  Gripper(const Gripper &) = delete;
  Gripper &operator=(const Gripper &) = delete;

  void home();
  void mount(const MountRequest &request);
  void run_queue(const std::atomic<bool> &quit);
  void abort_all(const std::string &why);
  void swap_force_sensor(TtyLease fresh);

private:
  PvConn &robot_;
  std::mutex sensor_mu_;
  TtyLease force_;
  MountQueue &queue_;
};

} // namespace goniod
