// Periodic counters, written to the relay's log.
#pragma once
#include "relay/log_file.h"

#include <cstdint>
#include <string>

namespace relay {

class Metrics {
public:
  explicit Metrics(LogFile &log) : log_(log) {}
  void count(const std::string &name, std::uint64_t by = 1);
  void report();
  void finalReport();

private:
  LogFile &log_;
  std::uint64_t routed_ = 0, dropped_ = 0;
};

} // namespace relay
