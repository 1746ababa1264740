// Metrics: counters kept in a map under a mutex and written as a Prometheus
// textfile. The file is written to "<path>.tmp" and renamed so the collector
// never reads a half-written snapshot.
#include "metrics.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <system_error>

namespace fleetd {

namespace {

void putMetric(FILE *out, const std::string &name, std::int64_t value) {
  if (std::fprintf(out, "fleetd_%s %" PRId64 "\n", name.c_str(), value) < 0)
    throw std::system_error(errno, std::generic_category(), "write metric " + name);
}

} // namespace

void Metrics::inc(const std::string &name, std::int64_t by) {
  std::lock_guard<std::mutex> lock(mu_);
  values_[name] += by;
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

bool Metrics::writeSnapshot(const std::string &path) const {
  std::map<std::string, std::int64_t> snapshot;
  {
    std::lock_guard<std::mutex> lock(mu_);
    snapshot = values_;
  }
  const std::string tmp = path + ".tmp";
  FILE *out = std::fopen(tmp.c_str(), "w");
  if (!out)
    return false;
  try {
    for (const auto &kv : snapshot)
      putMetric(out, kv.first, kv.second);
    std::fclose(out);
  } catch (const std::system_error &) {
    std::fclose(out); // OK
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

} // namespace fleetd
