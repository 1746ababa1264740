// PumpStation: the pumps of one station on the field bus. Offline stations
// refuse every command until bring_online().
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fieldbus_client.h"
#include "status.h"

namespace ww {

enum class StationState { kOnline, kOffline };

class PumpStation {
 public:
  PumpStation(std::string name, std::shared_ptr<FieldbusClient> bus, std::uint8_t unit,
              std::size_t pumps);

  const std::string& name() const;
  // These throw std::runtime_error("pump station ... offline") while offline.
  Status start_pump(std::size_t pump);
  Status stop_pump(std::size_t pump);
  Status set_speed(std::size_t pump, std::uint16_t rpm);
  Status reset_counters();

  // Stops every pump and takes the station offline; a no-op when already offline.
  Status take_offline();
  Status bring_online();
  bool online() const;
  std::size_t pump_count() const;

 private:
  void require_online() const;

  std::string name_;
  std::shared_ptr<FieldbusClient> bus_;
  std::uint8_t unit_;
  std::vector<std::uint16_t> speeds_;
  std::atomic<StationState> state_{StationState::kOffline};
};

}  // namespace ww
