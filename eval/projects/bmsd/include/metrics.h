// Metrics: counters and gauges exported in the Prometheus text format.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace bmsd {

class Metrics {
public:
  void increment(const std::string &name, std::uint64_t by = 1);
  void gauge(const std::string &name, double value);
  std::uint64_t counter(const std::string &name) const;
  std::string render() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> counters_;
  std::map<std::string, double> gauges_;
};

} // namespace bmsd
