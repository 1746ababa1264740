// Metrics: counters and the periodic reporter thread.
#include "objgw/Metrics.h"

#include "objgw/AccessLog.h"

namespace objgw {

Metrics::Metrics(const std::string &statsPath, std::chrono::milliseconds interval)
    : interval_(interval), statsFile_(std::fopen(statsPath.c_str(), "a")) {}

Metrics::~Metrics() {
  stop();
  if (statsFile_)
    std::fclose(statsFile_); // SAME: metricsdtor
}

void Metrics::setSink(AccessLog *sink) {
  std::lock_guard<std::mutex> lk(mu_);
  sink_ = sink;
}

void Metrics::increment(const std::string &name, long by) {
  std::lock_guard<std::mutex> lk(countersMu_);
  counters_[name] += by;
}

std::string Metrics::snapshot() const {
  std::lock_guard<std::mutex> lk(countersMu_);
  std::string line;
  for (const auto &entry : counters_) {
    if (!line.empty())
      line += ' ';
    line += entry.first + "=" + std::to_string(entry.second);
  }
  return line.empty() ? "idle" : line;
}

void Metrics::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (running_ || stopping_)
    return;
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void Metrics::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_)
      return;
    running_ = false;
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
  if (statsFile_) {
    std::fprintf(statsFile_, "final %s\n", snapshot().c_str()); // OK: the reporter thread has been joined
    std::fclose(statsFile_);
  }
}

void Metrics::run() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!stopping_) {
    if (cv_.wait_for(lk, interval_, [this] { return stopping_; }))
      break;
    const std::string line = snapshot();
    if (statsFile_) {
      std::fprintf(statsFile_, "%s\n", line.c_str()); // OK: stop() closes the stats file only after joining this thread
      std::fflush(statsFile_);
    }
    if (sink_)
      sink_->write("metrics " + line); // BUG: use-after-close #metricsrace
  }
}

} // namespace objgw
