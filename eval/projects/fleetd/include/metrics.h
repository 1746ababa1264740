// Metrics: named counters and gauges, written periodically as a Prometheus
// text file for the node exporter's textfile collector.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace fleetd {

class Metrics {
public:
  void inc(const std::string &name, std::int64_t by = 1);
  void set(const std::string &name, std::int64_t value);
  std::int64_t get(const std::string &name) const;
  // Writes all values to path (through a temporary file); false on error.
  bool writeSnapshot(const std::string &path) const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::int64_t> values_;
};

} // namespace fleetd
