// Metrics: in-process counters and gauges, rendered as Prometheus text.
#include "metrics.h"

#include <cstdio>

namespace bmsd {

void Metrics::increment(const std::string &name, std::uint64_t by) {
  std::lock_guard<std::mutex> lock(mu_);
  counters_[name] += by;
}

void Metrics::gauge(const std::string &name, double value) {
  std::lock_guard<std::mutex> lock(mu_);
  gauges_[name] = value;
}

std::uint64_t Metrics::counter(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = counters_.find(name);
  return it == counters_.end() ? 0 : it->second;
}

static std::string promName(const std::string &name) {
  std::string out = "bmsd_";
  for (char c : name)
    out += (c == '.' || c == '-' || c == '/') ? '_' : c;
  return out;
}

std::string Metrics::render() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::string text;
  for (const auto &[name, value] : counters_) {
    const std::string n = promName(name);
    text += "# TYPE " + n + " counter\n" + n + " " + std::to_string(value) + "\n";
  }
  for (const auto &[name, value] : gauges_) {
    const std::string n = promName(name);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", value);
    text += "# TYPE " + n + " gauge\n" + n + " " + buf + "\n";
  }
  return text;
}

} // namespace bmsd
