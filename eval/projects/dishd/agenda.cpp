// ObservingAgenda: a closable queue of scan requests shared by the proposal
// thread (producer) and the observing loop (consumer).
#include "agenda.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

void ObservingAgenda::enqueue(ScanRequest scan) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("observing agenda closed, cannot add scan of " +
                               scan.source);
    scans_.push_back(std::move(scan));
  }
  cv_.notify_one();
}

std::optional<ScanRequest>
ObservingAgenda::next(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!cv_.wait_for(lock, wait, [this] { return closed_ || !scans_.empty(); }))
    return std::nullopt;
  if (closed_ || scans_.empty())
    return std::nullopt;
  ScanRequest scan = std::move(scans_.front());
  scans_.pop_front();
  return scan;
}

void ObservingAgenda::cancel(const std::string &source) {
  std::lock_guard<std::mutex> lock(mu_);
  scans_.erase(std::remove_if(scans_.begin(), scans_.end(),
                              [&](const ScanRequest &s) {
                                return s.source == source;
                              }),
               scans_.end());
}

void ObservingAgenda::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    scans_.clear();
  }
  cv_.notify_all();
}

bool ObservingAgenda::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

std::size_t ObservingAgenda::backlog() const {
  std::lock_guard<std::mutex> lock(mu_);
  return scans_.size();
}

ScanRequest parseScan(const std::string &text) {
  // "<source> <ra deg> <dec deg> <seconds>"
  std::istringstream in(text);
  ScanRequest scan;
  if (!(in >> scan.source >> scan.raDeg >> scan.decDeg >> scan.seconds) ||
      scan.seconds <= 0)
    throw std::invalid_argument("malformed scan proposal: " + text);
  return scan;
}
