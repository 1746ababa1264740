// Fare calculation: pairs entry and exit taps into journeys and prices them by zones; bus
// boardings are flat fares; passes ride for free but still produce a journey record.
#pragma once
#include "tap_event.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace farecol {

struct Journey {
  std::string cardId;
  std::string operatorId;
  std::string entryStation;
  std::string exitStation;
  FareProduct product = FareProduct::StoredValue;
  std::int64_t fareCents = 0;
  std::int64_t entryTime = 0;
  std::int64_t exitTime = 0;
  bool penalty = false;
};

struct FareTable {
  std::int64_t flatBusCents = 250;
  std::int64_t baseRailCents = 220;
  std::int64_t perZoneCents = 60;
  std::int64_t maxFareCents = 720;
  std::int64_t penaltyCents = 720;
  std::map<std::string, int> zoneOf;
};

class FareEngine {
public:
  explicit FareEngine(FareTable table);

  std::optional<Journey> onTap(const TapEvent &ev);
  std::vector<Journey> expireIncomplete(std::int64_t nowEpoch, std::int64_t maxTripSeconds);
  std::size_t openTrips() const;

private:
  std::int64_t price(const std::string &from, const std::string &to, FareProduct product) const;

  const FareTable table_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, TapEvent> openEntries_;
};

std::string toJson(const Journey &j);

} // namespace farecol
