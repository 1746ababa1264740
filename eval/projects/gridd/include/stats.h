// Process-wide counters, printed at shutdown and in the audit trail.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

struct Counters {
  std::atomic<std::uint64_t> framesIn{0};
  std::atomic<std::uint64_t> readings{0};
  std::atomic<std::uint64_t> outages{0};
  std::atomic<std::uint64_t> tampers{0};
  std::atomic<std::uint64_t> commands{0};
  std::atomic<std::uint64_t> rejected{0};
  std::atomic<std::uint64_t> evictions{0};
};

Counters &counters();
std::string formatCounters();
