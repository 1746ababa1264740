// metric.cpp: encoding and parsing of metric lines. The agent protocol, the
// spool files and the upstream payloads all use the same line format.
#include "telemetry/metric.h"

#include <chrono>
#include <cmath>
#include <sstream>

namespace telemetry {

std::string encodeLine(const Metric &m) {
  std::ostringstream out;
  out << m.name << ' ' << m.value << ' ' << m.timestampMs << ' '
      << (m.tenant.empty() ? "-" : m.tenant) << ' '
      << (m.agentId.empty() ? "-" : m.agentId) << '\n';
  return out.str();
}

std::string encodeBatch(const std::vector<Metric> &batch) {
  std::string payload;
  payload.reserve(batch.size() * 48);
  for (const auto &m : batch)
    payload += encodeLine(m);
  return payload;
}

bool parseMetricLine(const std::string &line, const std::string &agentId,
                     Metric &out) {
  std::istringstream in(line);
  Metric m;
  if (!(in >> m.name >> m.value))
    return false;
  if (m.name.empty() || !std::isfinite(m.value))
    return false;
  if (!(in >> m.timestampMs)) {
    // No timestamp: the agent leaves it to us.
    m.timestampMs = nowMs();
    in.clear();
  }
  std::string tenant;
  if (in >> tenant && tenant != "-")
    m.tenant = tenant;
  m.agentId = agentId;
  out = std::move(m);
  return true;
}

std::int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

} // namespace telemetry
