// Metrics: counters, written out as text (metrics.cpp). writeTo() leaves the
// stream open; exportTo() writes and then closes the stream it was given.
// No markers here.
#pragma once
#include <cstdio>
#include <map>
#include <mutex>
#include <string>

namespace gateway {

class Metrics {
public:
  void count(const std::string &name, long delta = 1);
  void writeTo(std::FILE *out) const;
  void exportTo(std::FILE *out) const;

private:
  mutable std::mutex mutex_;
  std::map<std::string, long> counters_;
};

} // namespace gateway
