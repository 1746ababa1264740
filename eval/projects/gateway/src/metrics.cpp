// Metrics: writeTo() prints the counters and leaves the stream open;
// exportTo() prints them and closes the stream it was handed. The caller that
// closes the stream again after exportTo() is in main.cpp (bug); the caller of
// writeTo() that closes it once is there too (quiet line). No marker here.
#include "gateway/metrics.h"

namespace gateway {

void Metrics::count(const std::string &name, long delta) {
  std::lock_guard<std::mutex> lock(mutex_);
  counters_[name] += delta;
}

void Metrics::writeTo(std::FILE *out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto &entry : counters_)
    std::fprintf(out, "%s %ld\n", entry.first.c_str(), entry.second);
  std::fflush(out);
}

void Metrics::exportTo(std::FILE *out) const {
  writeTo(out);
  std::fclose(out);
}

} // namespace gateway
