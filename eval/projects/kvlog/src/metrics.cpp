// Metrics: named counters.
#include "kvlog/metrics.h"

#include <sstream>

namespace kvlog {

void Metrics::add(const std::string &name, std::int64_t delta) {
  std::lock_guard<std::mutex> lock(mu_);
  values_[name] += delta;
}

void Metrics::set(const std::string &name, std::int64_t value) {
  std::lock_guard<std::mutex> lock(mu_);
  values_[name] = value;
}

std::int64_t Metrics::get(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = values_.find(name);
  return it == values_.end() ? 0 : it->second;
}

std::map<std::string, std::int64_t> Metrics::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  return values_;
}

std::string Metrics::render() const {
  std::ostringstream out;
  for (const auto &kv : snapshot())
    out << kv.first << '=' << kv.second << '\n';
  return out.str();
}

} // namespace kvlog
