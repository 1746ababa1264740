// Named counters and gauges, thread-safe.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace kvlog {

class Metrics {
public:
  void add(const std::string &name, std::int64_t delta);
  void set(const std::string &name, std::int64_t value);
  std::int64_t get(const std::string &name) const;
  std::map<std::string, std::int64_t> snapshot() const;
  std::string render() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::int64_t> values_;
};

} // namespace kvlog
