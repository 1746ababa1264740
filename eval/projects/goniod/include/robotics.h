// goniod — the sample changer as a whole: dewar, gripper, mount queue and the
// gripper's worker thread.
#pragma once
#include <atomic>
#include <memory>
#include <thread>

#include "dewar.h"
#include "gripper.h"
#include "mounts.h"
#include "prefs.h"
#include "pvconn.h"
#include "ttymux.h"

namespace goniod {

class MountController {
public:
  MountController(const Prefs &prefs, TtyMux &mux);
  ~MountController();
  MountController(const MountController &) = delete;
  MountController &operator=(const MountController &) = delete;

  void start();
  void enqueue(const MountRequest &request);
  void top_up(double percent);
  void swap_force_sensor(TtyLease fresh);
  void on_collision();
  void retire();
  void stop();

private:
  std::shared_ptr<PvConn> robot_;
  MountQueue queue_;
  std::unique_ptr<Dewar> dewar_;
  std::unique_ptr<Gripper> gripper_;
  std::atomic<bool> quit_{false};
  std::thread loop_;
};

} // namespace goniod
