// Metrics: counters and the metrics file (see metrics.h).
#include "mailq/metrics.h"

#include <chrono>
#include <ctime>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace mailq {

Metrics::Metrics(std::string path) : path_(std::move(path)) {
  out_.open(path_, std::ios::out | std::ios::app);
  if (!out_.is_open())
    throw std::runtime_error("cannot open metrics file " + path_);
}

Metrics::~Metrics() {
  close();
}

void Metrics::increment(const std::string &name, long delta) {
  std::lock_guard<std::mutex> lk(mu_);
  counters_[name] += delta;
}

std::string Metrics::snapshotLocked() const {
  std::ostringstream os;
  os << "ts=" << std::time(nullptr);
  for (const auto &entry : counters_)
    os << ' ' << entry.first << '=' << entry.second;
  return os.str();
}

void Metrics::writeLine(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || !out_.is_open())
    throw std::logic_error("metrics file " + path_ + " is closed");
  out_ << line << std::endl; // OK: checked under mu_ just above, and close() closes out_ under mu_
}

void Metrics::dumpNow() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || !out_.is_open())
    throw std::logic_error("metrics file " + path_ + " is closed");
  out_ << snapshotLocked() << std::endl;
}

void Metrics::startReporter(std::chrono::seconds every) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || reporter_.joinable())
    return;
  reporter_ = std::thread([this, every] {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stopReporter_) {
      if (cv_.wait_for(lock, every, [this] { return stopReporter_; }))
        break;
      out_ << snapshotLocked() << std::endl; // BUG: use-after-close #metrics_reopen
    }
  });
}

void Metrics::reopen() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
  }
  // logrotate has renamed the file; continue in a new file at the same path.
  out_.close(); // SAME: metrics_reopen
  out_.open(path_, std::ios::out | std::ios::app);
  if (!out_.is_open())
    throw std::runtime_error("cannot reopen metrics file " + path_);
}

void Metrics::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    stopReporter_ = true;
  }
  cv_.notify_all();
  if (reporter_.joinable())
    reporter_.join();
  std::lock_guard<std::mutex> lk(mu_);
  if (out_.is_open()) {
    out_ << snapshotLocked() << " final" << std::endl;
    out_.close(); // OK: the reporter thread was joined above and every writer checks closed_ under mu_
  }
}

} // namespace mailq
