// ConsoleCommands: the commands an operator can type at the console.
#pragma once

#include <cstddef>
#include <string>

#include "console_session.h"
#include "status.h"

namespace ww {

class Plant;

class ConsoleCommands {
 public:
  explicit ConsoleCommands(Plant& plant);

  Status execute(ConsoleSession& caller, const std::string& line);

 private:
  Status kick(ConsoleSession& caller, int target_id);
  Status export_levels(ConsoleSession& caller, const std::string& path);
  Status flush_dosing_line(ConsoleSession& caller, double rate);
  Status resume_dosing(ConsoleSession& caller, double rate);
  Status cycle_valve(ConsoleSession& caller, std::size_t index, unsigned percent);
  Status station_speed(ConsoleSession& caller, std::size_t station, std::size_t pump, unsigned rpm);

  Plant& plant_;
};

}  // namespace ww
