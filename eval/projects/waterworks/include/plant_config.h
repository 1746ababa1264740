// PlantConfig and its loader (key = value file, with an optional site
// overrides file read after the main one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "reservoir_telemetry.h"
#include "status.h"

namespace ww {

struct StationConfig {
  std::string name;
  std::uint8_t unit = 1;
  std::size_t pumps = 2;
};

struct PlantConfig {
  std::string fieldbus_host = "127.0.0.1";
  std::uint16_t fieldbus_port = 502;
  std::string scada_host = "127.0.0.1";
  std::uint16_t scada_port = 2404;
  std::string pager_host = "127.0.0.1";
  std::uint16_t pager_port = 7777;
  std::string historian_dir = "/var/lib/waterworks/historian";
  std::string audit_path = "/var/log/waterworks/audit.log";
  std::string overrides_path;
  std::size_t worker_threads = 4;
  int poll_period_ms = 5000;
  std::uint8_t valve_unit = 10;
  std::uint8_t doser_unit = 20;
  std::uint8_t safety_unit = 1;
  std::vector<std::uint16_t> valve_registers;
  std::vector<StationConfig> stations;
  std::vector<ReservoirConfig> reservoirs;
  double low_level_m = 1.5;
  double high_level_m = 7.5;
  std::map<std::string, std::string> operator_tokens;
};

class PlantConfigLoader {
 public:
  explicit PlantConfigLoader(std::string path);

  Result<PlantConfig> load() const;
  // Adler-32 of the main file, logged at start-up.
  std::uint32_t checksum() const;

 private:
  Status apply(PlantConfig& cfg, const std::string& key, const std::string& value) const;

  std::string path_;
};

}  // namespace ww
