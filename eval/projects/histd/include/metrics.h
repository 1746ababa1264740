// Pushes counters and gauges to a statsd collector over UDP.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace histd {

struct MetricsSnapshot {
  std::vector<std::pair<std::string, uint64_t>> counters;
  std::vector<std::pair<std::string, double>> gauges;
};

class MetricsReporter {
public:
  /// `target` is "host:port". Throws std::invalid_argument when malformed.
  explicit MetricsReporter(const std::string &target);

  void push(const MetricsSnapshot &snapshot) const;

private:
  int openSocket() const;

  std::string host_;
  std::string port_;
  std::string prefix_ = "histd.";
};

} // namespace histd
