// RampController: drives the vehicle ramp's PLC over its own GateChannel.
// pause()/resume() hold and continue the ramp; stop() sends the emergency
// stop and shuts the PLC link down (resume() does nothing once stopped;
// reconnect() brings a fresh link). Defined in ramp_controller.cpp.
#pragma once
#include <memory>
#include <mutex>

#include "gate_channel.h"
#include "status.h"

namespace ferry {

class RampController {
public:
  enum class RampState { Stowed, Lowering, Down, Raising, Stopped };

  explicit RampController(std::unique_ptr<GateChannel> plcLink);
  ~RampController();
  RampController(const RampController &) = delete;
  RampController &operator=(const RampController &) = delete;

  Status lower();
  Status raise();
  Status lockDeck();
  Status ping();
  void pause();
  void resume();
  void stop();
  bool stopped() const;
  Status reconnect(const Endpoint &ep);

private:
  std::unique_ptr<GateChannel> link_;
  RampState state_ = RampState::Stowed;
  bool paused_ = false;
  mutable std::mutex mu_;
};

} // namespace ferry
