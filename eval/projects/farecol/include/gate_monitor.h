// Operations view of the gates: per-station counters fed by published journeys, gate
// idle alarms, and event feeds to the operations centre (one shared feed plus optional
// per-station feeds).
#pragma once
#include "link_registry.h"
#include "messaging.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace farecol {

class Diagnostics;
class JourneyPublisher;

struct StationStats {
  std::uint64_t entries = 0;
  std::uint64_t exits = 0;
  std::int64_t revenueCents = 0;
  std::uint64_t alarms = 0;
  std::chrono::steady_clock::time_point lastActivity{};
};

class GateMonitor {
public:
  GateMonitor(LinkRegistry &registry, Diagnostics &diag);

  // Installs the operations feed and returns the previous one; the caller owns closing it.
  std::shared_ptr<EventChannel> replaceFeed(std::shared_ptr<EventChannel> feed);
  void closeFeed();
  void subscribe(JourneyPublisher &publisher);

  void openStationFeed(const std::string &station, std::unique_ptr<EventChannel> feed);
  void closeStation(const std::string &station);
  std::size_t closeQuietFeeds(std::chrono::steady_clock::time_point now, std::chrono::minutes quiet);
  void sendHourlySummaries();
  std::size_t checkGates(std::chrono::steady_clock::time_point now, std::chrono::seconds alarmAfter);

  StationStats stats(const std::string &station) const;

private:
  static void sendSummary(EventChannel &feed, const std::string &station, const StationStats &stats);

  LinkRegistry &registry_;
  Diagnostics &diag_;
  mutable std::mutex mutex_;
  std::shared_ptr<EventChannel> opsFeed_;
  std::map<std::string, std::unique_ptr<EventChannel>> stationFeeds_;
  std::map<std::string, StationStats> stats_;
};

} // namespace farecol
