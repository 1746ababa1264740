// ChlorineDoser: the hypochlorite dosing pump. halt() stops dosing and raises
// an alarm; resume() restarts it unless the safety interlock is tripped.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "alarm_manager.h"
#include "fieldbus_client.h"
#include "status.h"

namespace ww {

enum class DoserState { kIdle, kDosing, kHalted };

class ChlorineDoser {
 public:
  ChlorineDoser(std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
                std::shared_ptr<AlarmManager> alarms);

  Status start(double mg_per_litre);
  // Throws std::runtime_error("chlorine doser halted") while halted.
  Status set_rate(double mg_per_litre);
  void halt(const std::string& reason);
  // Returns false, and the doser stays halted, while the interlock is tripped
  // or the enable command could not be written.
  bool resume();
  void trip_interlock(const std::string& reason);
  void clear_interlock();

  DoserState state() const;
  double rate() const;

 private:
  Status write_rate_locked(double mg_per_litre);

  std::shared_ptr<FieldbusClient> bus_;
  std::uint8_t unit_;
  std::shared_ptr<AlarmManager> alarms_;
  mutable std::mutex mu_;
  DoserState state_ = DoserState::kIdle;
  bool interlock_ = false;
  double rate_ = 0.0;
};

}  // namespace ww
