// goniod — the trigger unit that gates exposures through the timing system.
#pragma once
#include <memory>
#include <mutex>
#include <string>

#include "pvconn.h"

namespace goniod {

enum class TriggerState { Idle, Armed, Faulted };

class TriggerUnit {
public:
  explicit TriggerUnit(std::shared_ptr<PvConn> timing);
  void arm(int frames, double exposure_s);
  void fire();
  void disarm();
  void latch_fault(const std::string &why);
  TriggerState state() const;

private:
  std::shared_ptr<PvConn> timing_;
  mutable std::mutex mu_;
  TriggerState state_ = TriggerState::Idle;
};

} // namespace goniod
