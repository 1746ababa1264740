// The automated followspot: start() dials the tracker and a thread reads
// its position fixes; handover() passes the spot to another operator
// station's tracker.
#include "followspot.h"

#include <chrono>
#include <stdexcept>

namespace cued {

namespace {
constexpr std::chrono::milliseconds kDial{1000};
constexpr std::chrono::milliseconds kFixWait{200};
} // namespace

Followspot::Followspot(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {}

Followspot::~Followspot() { stop(); }

void Followspot::addStation(const std::string &station, std::string host,
                            std::uint16_t port) {
  std::lock_guard<std::mutex> lk(mu_);
  stations_[station] = {std::move(host), port};
}

void Followspot::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (live_.load())
    return;
  if (link_)
    link_->close(); // what is left of a previous run
  link_.emplace(host_, port_, kDial);
  link_->sendLine("TRACK ON " + performer_); // OK: freshly emplaced over the closed link
  startTrackerLocked();
}

void Followspot::startTrackerLocked() {
  live_.store(true);
  tracker_ = std::thread([this] { trackLoop(); });
}

void Followspot::stopTracker() {
  live_.store(false);
  if (tracker_.joinable())
    tracker_.join();
}

void Followspot::stop() {
  if (!live_.load())
    return;
  stopTracker();
  std::lock_guard<std::mutex> lk(mu_);
  if (!link_)
    return;
  try {
    link_->sendLine("TRACK OFF");
  } catch (const std::exception &) {
  }
  link_->close(); // OK: the tracker thread was joined first
}

void Followspot::trackLoop() {
  while (live_.load()) {
    try {
      const std::string fix = link_->recvLine(kFixWait);
      std::lock_guard<std::mutex> lk(fixMu_);
      lastFix_ = fix;
    } catch (const std::runtime_error &) {
      // no fix this period; poll again
    }
  }
}

void Followspot::command(const std::string &verb, double value) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!live_.load() || !link_)
    throw std::runtime_error("followspot stopped, cannot " + verb);
  if (verb == "pick") {
    performer_ = std::to_string(static_cast<int>(value));
    link_->sendLine("TRACK ON " + performer_); // OK: checked live under the lock
  } else if (verb == "iris") {
    link_->sendLine("IRIS " + std::to_string(value));
  } else {
    throw std::invalid_argument("followspot: unknown verb " + verb);
  }
}

void Followspot::handover(const std::string &station) {
  if (!live_.load())
    return;
  stopTracker();
  std::lock_guard<std::mutex> lk(mu_);
  link_->sendLine("RELEASE " + performer_);
  link_->close();
  const auto it = stations_.find(station);
  if (it != stations_.end())
    link_.emplace(it->second.first, it->second.second, kDial);
  link_->sendLine("TRACK ON " + performer_); // BUG: use-after-close
  startTrackerLocked();
}

std::string Followspot::lastFix() const {
  std::lock_guard<std::mutex> lk(fixMu_);
  return lastFix_;
}

} // namespace cued
