// Metric samples as agents send them, and the line format shared by the agent
// protocol, the spool files and the upstream payloads.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace telemetry {

struct Metric {
  std::string name;
  double value = 0.0;
  std::int64_t timestampMs = 0;
  std::string tenant;
  std::string agentId;
};

/// "name value timestamp tenant agent\n"
std::string encodeLine(const Metric &m);
std::string encodeBatch(const std::vector<Metric> &batch);

/// Parses "name value [timestamp] [tenant]"; false on malformed input.
bool parseMetricLine(const std::string &line, const std::string &agentId,
                     Metric &out);

std::int64_t nowMs();

} // namespace telemetry
