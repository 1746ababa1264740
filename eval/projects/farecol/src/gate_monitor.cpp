// Gate monitoring for the operations centre: station counters from published journeys,
// idle-gate alarms, and the operations and per-station event feeds.
#include "gate_monitor.h"
#include "diagnostics.h"
#include "journey_publisher.h"

#include <utility>

namespace farecol {
namespace {

std::string formatActivity(const Journey &j) {
  return "activity station=" + j.exitStation + " from=" + j.entryStation + " product=" + productName(j.product) +
         " fare=" + std::to_string(j.fareCents);
}

} // namespace

GateMonitor::GateMonitor(LinkRegistry &registry, Diagnostics &diag) : registry_(registry), diag_(diag) {}

std::shared_ptr<EventChannel> GateMonitor::replaceFeed(std::shared_ptr<EventChannel> feed) {
  std::lock_guard<std::mutex> lock(mutex_);
  opsFeed_.swap(feed);
  return feed;
}

void GateMonitor::closeFeed() {
  std::shared_ptr<EventChannel> feed = replaceFeed(nullptr);
  if (feed && feed->isOpen())
    feed->close();
}

void GateMonitor::subscribe(JourneyPublisher &publisher) {
  std::shared_ptr<EventChannel> feed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    feed = opsFeed_;
  }
  publisher.onPublished([this, feed](const Journey &j) {
    std::lock_guard<std::mutex> lock(mutex_);
    StationStats &exitStats = stats_[j.exitStation];
    ++exitStats.exits;
    exitStats.revenueCents += j.fareCents;
    exitStats.lastActivity = std::chrono::steady_clock::now();
    if (j.entryStation != j.exitStation && j.entryStation != "?")
      ++stats_[j.entryStation].entries;
    if (feed)
      feed->send(formatActivity(j)); // BUG: use-after-close #feedrace
  });
}

void GateMonitor::openStationFeed(const std::string &station, std::unique_ptr<EventChannel> feed) {
  if (!feed)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  std::unique_ptr<EventChannel> &slot = stationFeeds_[station];
  if (slot && slot->isOpen())
    slot->close();
  slot = std::move(feed);
  slot->send("station " + station + " feed opened"); // OK
}

void GateMonitor::closeStation(const std::string &station) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = stationFeeds_.find(station);
  if (it == stationFeeds_.end())
    return;
  std::unique_ptr<EventChannel> feed = std::move(it->second);
  stationFeeds_.erase(it);
  feed->close();
  sendSummary(*feed, station, stats_[station]); // BUG: use-after-close #stationsummary
}

std::size_t GateMonitor::closeQuietFeeds(std::chrono::steady_clock::time_point now, std::chrono::minutes quiet) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t closed = 0;
  for (auto it = stationFeeds_.begin(); it != stationFeeds_.end();) {
    const StationStats &s = stats_[it->first];
    if (now - s.lastActivity > quiet) {
      it->second->close();
      it = stationFeeds_.erase(it);
      ++closed;
      continue;
    }
    it->second->send("heartbeat " + it->first); // OK
    ++it;
  }
  return closed;
}

void GateMonitor::sendHourlySummaries() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &entry : stationFeeds_) {
    if (!entry.second->isOpen())
      continue;
    sendSummary(*entry.second, entry.first, stats_[entry.first]); // OK
  }
  if (opsFeed_ && opsFeed_->isOpen())
    opsFeed_->send("hourly summaries sent for " + std::to_string(stationFeeds_.size()) + " stations"); // OK
}

std::size_t GateMonitor::checkGates(std::chrono::steady_clock::time_point now, std::chrono::seconds alarmAfter) {
  std::size_t alarms = 0;
  const std::vector<DeviceStatus> devices = registry_.snapshot(now);
  std::lock_guard<std::mutex> lock(mutex_);
  for (const DeviceStatus &d : devices) {
    if (d.kind != DeviceKind::FareGate || !d.online || d.idleSeconds < alarmAfter.count())
      continue;
    ++alarms;
    diag_.warn("gate %s silent for %llds", d.deviceId.c_str(), static_cast<long long>(d.idleSeconds));
    if (opsFeed_ && opsFeed_->isOpen())
      opsFeed_->send("alarm gate-silent " + d.deviceId); // OK
  }
  return alarms;
}

StationStats GateMonitor::stats(const std::string &station) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = stats_.find(station);
  return it == stats_.end() ? StationStats{} : it->second;
}

void GateMonitor::sendSummary(EventChannel &feed, const std::string &station, const StationStats &stats) {
  const std::string text = "summary station=" + station + " entries=" + std::to_string(stats.entries) +
                           " exits=" + std::to_string(stats.exits) + " revenue=" + std::to_string(stats.revenueCents);
  feed.send(text); // SAME: stationsummary
}

} // namespace farecol
