// MetricsFile: Prometheus text snapshot + CSV history.
#include "sqlproxy/MetricsFile.h"

#include "sqlproxy/WireProtocol.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace sqlproxy {

MetricsFile::MetricsFile(std::string snapshotPath, std::string historyPath,
                         std::chrono::milliseconds interval, bool durable)
    : snapshotPath_(std::move(snapshotPath)), historyPath_(std::move(historyPath)),
      interval_(interval), durable_(durable) {}

MetricsFile::~MetricsFile() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }
  cv_.notify_all();
  if (flusher_.joinable())
    flusher_.join();
  if (history_)
    history_->close(); // OK: close() resets history_, so this only runs when close() was never called
}

void MetricsFile::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_ || flusher_.joinable())
    return;
  if (!historyPath_.empty())
    history_.emplace(historyPath_, std::ios::app);
  flusher_ = std::thread([this] { flushLoop(); });
}

void MetricsFile::add(const std::string &counter, int64_t delta) {
  std::lock_guard<std::mutex> lk(mu_);
  counters_[counter] += delta;
}

void MetricsFile::setGauge(const std::string &gauge, int64_t value) {
  std::lock_guard<std::mutex> lk(mu_);
  gauges_[gauge] = value;
}

void MetricsFile::flushNow() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("metrics file " + snapshotPath_ + " is closed");
  writeSnapshotLocked();
  appendHistoryLocked();
}

bool MetricsFile::reopenHistory(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return false;
  std::ofstream next(path, std::ios::app);
  if (!next)
    return false;
  if (history_)
    history_->close();
  history_.emplace(std::move(next));
  historyPath_ = path;
  *history_ << "# history reopened\n"; // OK: history_ now holds the stream opened just above
  history_->flush();
  return true;
}

void MetricsFile::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("MetricsFile::close() called twice for " + snapshotPath_);
    closed_ = true;
  }
  cv_.notify_all();
  if (flusher_.joinable())
    flusher_.join();

  std::lock_guard<std::mutex> lk(mu_);
  writeSnapshotLocked(); // final numbers
  appendHistoryLocked();
  if (history_) {
    history_->close();
    history_.reset();
  }
}

MetricsFile::operator bool() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_;
}

void MetricsFile::flushLoop() {
  std::unique_lock<std::mutex> lk(mu_);
  while (!closed_) {
    cv_.wait_for(lk, interval_, [this] { return closed_; });
    if (closed_)
      break;
    writeSnapshotLocked();
    appendHistoryLocked();
  }
}

std::string MetricsFile::renderLocked() const {
  std::ostringstream out;
  for (const auto &c : counters_)
    out << "# TYPE " << c.first << " counter\n" << c.first << ' ' << c.second << '\n';
  for (const auto &g : gauges_)
    out << "# TYPE " << g.first << " gauge\n" << g.first << ' ' << g.second << '\n';
  out << "sqlproxy_metrics_failed_writes " << failedWrites_ << '\n';
  out << "sqlproxy_metrics_nondurable_writes " << nonDurableWrites_ << '\n';
  return out.str();
}

bool MetricsFile::writeSnapshotLocked() {
  // Write to a temporary file and rename it over the snapshot, so that a
  // scraper never reads a half-written file.
  const std::string tmp = snapshotPath_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    ++failedWrites_;
    return false;
  }
  if (!wire::writeAll(fd, renderLocked())) {
    ::close(fd);
    ::unlink(tmp.c_str());
    ++failedWrites_;
    return false;
  }
  bool durable = true;
  if (durable_ && ::fsync(fd) != 0) {
    // Not fatal: scrapers still get the new numbers, they just might not
    // survive a power cut.
    std::fprintf(stderr, "sqlproxy: metrics fsync(%s): %s\n", tmp.c_str(), std::strerror(errno));
    ::close(fd);
    durable = false;
  }
  if (::close(fd) != 0) // BUG: double-close
    durable = false;
  if (std::rename(tmp.c_str(), snapshotPath_.c_str()) != 0) {
    ::unlink(tmp.c_str());
    ++failedWrites_;
    return false;
  }
  if (!durable)
    ++nonDurableWrites_;
  return true;
}

void MetricsFile::appendHistoryLocked() {
  if (!history_)
    return;
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  *history_ << now;
  for (const auto &c : counters_)
    *history_ << ',' << c.first << '=' << c.second;
  for (const auto &g : gauges_)
    *history_ << ',' << g.first << '=' << g.second;
  *history_ << '\n';
  history_->flush();
}

} // namespace sqlproxy
